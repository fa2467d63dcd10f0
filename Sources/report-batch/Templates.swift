import ArgumentParser
import BuiltInTemplates
import Core
import Foundation

/// `templates --write DIR`: the built-in templates written as files, for `--templates DIR`.
struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the built-in templates into a folder, to change them and give it to --templates.",
        discussion: """
            Writes each file of the built-in templates (the list columns, the report's title and sections, the \
            palette, the html pages, the run summary and the recap e-mail; Templates/README.md) into the folder, \
            made if missing; a file already there is never replaced. Keep the files you change and delete the \
            others: a file the folder lacks keeps the built-in one.

            Example:
              report-batch templates --write my-templates && report-batch run weekly.yaml --templates my-templates
            """
    )

    @Option(help: ArgumentHelp("The folder to write the templates into.", valueName: "folder"))
    var write: String

    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: write, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw UsageError("--write \(Quote.path(write)) is a file; give a folder")
                }
            } else {
                do {
                    try FileManager.default.createDirectory(atPath: write, withIntermediateDirectories: false)
                } catch {
                    throw OutputError(path: write, reason: "the folder cannot be made")
                }
            }
            for template in BuiltInTemplate.allCases {
                let path = (write as NSString).appendingPathComponent(template.fileName)
                guard !FileManager.default.fileExists(atPath: path) else {
                    throw UsageError(
                        "\(Quote.path(path)) already exists; give a folder without the built-in templates' files, so that none of yours is replaced"
                    )
                }
                do {
                    // Never over an existing file, nor through a link put there meanwhile.
                    try Data(template.bytes).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                } catch {
                    throw OutputError(path: path, reason: "it could not be written")
                }
                try Console.output(Display.oneLine(path) + "\n")
            }
        }
    }
}
