import Batch
import BatchTestSupport
import Core
import Foundation
import TestFixtures
import TestSupport
import Testing

struct RunTemplatesTests {
    /// The built-in summaries (Templates/summary.*.mustache) of a run with families ok, skipped
    /// and failed, with warnings: every kind of line, the names escaped in the html.
    @Test func theBuiltInSummariesHaveEveryKindOfLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("app.db")
        try Fixture.database(at: database) { f in
            try f.family("A", name: "Ok <Family> & \"Sons\"")
            try f.school("s1", family: "A", ["website": String(repeating: "x", count: 300)])
            try f.family("B", name: "Bad Family")
            try f.school("s2", family: "B", status: "Interested")
            try f.family("C")
        }
        let job = """
            families: all
            range: {preset: last-30-days}
            output: {folder: "{family_slug}"}
            outputs:
              - report:
                formats: [json]
              - export: schools
                formats: [xlsx]
            """
        func summaries(_ templates: RunTemplates) throws -> (String, String) {
            _ = try JobRun.run(job, database: database, in: folder, templates: templates)
            return (
                try String(contentsOfFile: folder.file("out/summary.txt"), encoding: .utf8),
                try String(contentsOfFile: folder.file("out/summary.html"), encoding: .utf8)
            )
        }
        let builtIn = try summaries(try RunTemplates.builtIn())
        #expect(builtIn.0.contains("3 families: 1 ok, 1 skipped (no data), 1 failed"), "\(builtIn.0)")
        #expect(builtIn.1.contains("Ok &lt;Family&gt; &amp; &quot;Sons&quot;"))
    }

    @Test(arguments: [
        (
            "lists.yaml", "coaches:\n  - first_name: First\n  - shoe_size: Shoe\n",
            "lists.yaml:3: unknown key 'shoe_size' in 'coaches'; accepted: first_name"
        ),
        (
            "report.yaml", "title: X\nsections:\n  - charts: Charts\n",
            "report.yaml:3: unknown key 'charts' in 'sections'"
        ),
        ("palette.yaml", "cards:\n  schools: blue\n", "palette.yaml:2: 'schools' must be a colour like \"#0066FF\""),
        ("palette.yaml", "cards: [\n", "palette.yaml: not valid YAML"),
        ("summary.txt.mustache", "ok\n{{#families}}\n", "summary.txt.mustache:3: the template does not parse"),
    ])
    func aBadTemplateNamesFileAndLine(file: String, text: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try text.write(toFile: folder.file(file), atomically: true, encoding: .utf8)
        let error = #expect(throws: UsageError.self) { try RunTemplates.load(from: folder.path) }
        #expect(error?.message.hasPrefix("\(folder.path)/\(message)") == true, "\(error?.message ?? "")")
    }
}
