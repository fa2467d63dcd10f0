import Core
import Yams

extension YAMLNodeReader {
    /// A YAML file's root node, with the reader that words its errors.
    struct Document {
        let root: Node
        let reader: YAMLNodeReader

        /// Parses `bytes`, the file known in messages as `path`.
        /// - Throws: `UsageError` naming `path`, and the line where the YAML breaks.
        init(_ bytes: [UInt8], path: String) throws {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError("\(path): not UTF-8 text")
            }
            // The basic resolver: every value is read as text by YAMLNodeReader, and Yams's default
            // one compiles its regular expressions (through ICU) at first use, milliseconds at start-up.
            do {
                guard let root = try Yams.compose(yaml: text, .basic) else {
                    throw UsageError("\(path): the file is empty")
                }
                self.root = root
            } catch let error as YamlError {
                throw UsageError("\(path): not valid YAML: \(YAMLNodeReader.describe(error))")
            }
            reader = YAMLNodeReader(file: path)
        }
    }
}
