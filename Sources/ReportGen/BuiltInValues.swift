import BuiltInTemplates

/// What the built-in YAML templates set (the lists' columns, the report's headings, the palette),
/// each file read once, when a command first uses it (a csv export reads lists.yaml alone). The
/// files are part of the binary and OutputTemplatesTests reads them; one that did not read would
/// be a defect of the build, not of anything a user gave.
enum BuiltInValues {
    static let columns = read(.lists, into: [:], OutputTemplates.readLists)
    static let headings = read(.report, into: OutputTemplates.Headings(), OutputTemplates.readReport)
    static let palette = read(.palette, into: OutputPalette(), OutputTemplates.readPalette)

    private static func read<Value>(
        _ file: BuiltInTemplate,
        into value: Value,
        _ apply: (YAMLNodeReader.Document, inout Value) throws -> Void
    ) -> Value {
        var value = value
        do {
            try apply(try YAMLNodeReader.Document(file.bytes, path: "built-in \(file.fileName)"), &value)
        } catch {
            preconditionFailure("\(error)")
        }
        return value
    }
}
