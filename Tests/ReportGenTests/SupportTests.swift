import Aggregation
import Batch
import Foundation
import Rendering
import ReportCore
import Testing
import TestSupport

struct SupportTests {
    /// The FIPS 180-4 examples, and a million 'a's (past the 256 KiB read chunk), read from files.
    @Test(arguments: [
        (Data(), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (Data("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (Data(repeating: UInt8(ascii: "a"), count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func sha256OfAFile(content: Data, digest: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try content.write(to: URL(fileURLWithPath: folder.file("f")))
        let result = try FileDigest.sha256(ofFile: folder.file("f"))
        #expect(result.hex == digest)
        #expect(result.bytes == content.count)
        #expect(throws: (any Error).self) { try FileDigest.sha256(ofFile: folder.file("missing")) }
    }

    @Test(arguments: [
        ("Rivera Family", "1cc52098-ced2", "rivera-family-1cc52098"),
        ("../../etc", "../../etc", "etc-etc"),
        ("田中 Tanaka Family 🏈", "07af1ad4", "tian-zhong-tanaka-family-07af1ad4"),
        ("", "", "family"),
        ("\u{0007}..\u{0000}", "ctrl\u{1}id", "ctrl-id"),
    ])
    func slugsNeverLeaveTheirFolder(name: String, id: String, slug: String) {
        let made = Slug.family(name: name, id: id)
        #expect(made == slug)
        #expect(made.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    }

    /// The Mustache files in Templates/ and the strings built into the binary render the same
    /// summaries of the same run, byte for byte (families ok, skipped and failed, with warnings).
    @Test func theShippedTemplatesAreTheBuiltInOnes() throws {
        let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path
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
            return (try String(contentsOfFile: folder.file("out/summary.txt"), encoding: .utf8),
                    try String(contentsOfFile: folder.file("out/summary.html"), encoding: .utf8))
        }
        let builtIn = try summaries(try RunTemplates.builtIn())
        let shipped = try summaries(try RunTemplates.load(from: templates))
        #expect(Summaries.withoutDuration(builtIn.0) == Summaries.withoutDuration(shipped.0))
        #expect(Summaries.withoutDuration(builtIn.1) == Summaries.withoutDuration(shipped.1))
        // The run has every kind of line, so the comparison covers every part of the templates.
        #expect(builtIn.0.contains("3 families: 1 ok, 1 skipped (no data), 1 failed"), "\(builtIn.0)")
        #expect(builtIn.1.contains("Ok &lt;Family&gt; &amp; &quot;Sons&quot;"))
    }
}

struct TemplateTests {
    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates").path
    }

    @Test func theShippedTemplatesHoldTheBuiltInValues() throws {
        let shipped = try OutputTemplates.load(from: Self.folder)
        let builtIn = try OutputTemplates.builtIn()
        #expect(shipped.reportTitle == builtIn.reportTitle)
        #expect(shipped.reportSections.map { "\($0.section.rawValue)=\($0.title)" } == builtIn.reportSections.map { "\($0.section.rawValue)=\($0.title)" })
        for kind in ListKind.allCases {
            #expect(shipped.listColumns[kind]?.map { "\($0.key)=\($0.label)" } == builtIn.listColumns[kind]?.map { "\($0.key)=\($0.label)" }, "\(kind)")
        }
        // Every colour is written out in palette.yaml, and equal to the built-in one.
        let text = try String(contentsOfFile: Self.folder + "/palette.yaml", encoding: .utf8)
        let written: Int = shipped.palette.groups.values.map { $0.count }.reduce(0, +)
        let known: Int = OutputPalette.builtIn.map { $0.colors.count }.reduce(0, +)
        #expect(written == known)
        #expect(shipped.palette.resolved == builtIn.palette.resolved)
        #expect(text.contains("schools: \"#0066FF\""))
    }

    @Test(arguments: [
        ("lists.yaml", "coaches:\n  - first_name: First\n  - shoe_size: Shoe\n", "lists.yaml:3: unknown key 'shoe_size' in 'coaches'; accepted: first_name"),
        ("report.yaml", "title: X\nsections:\n  - charts: Charts\n", "report.yaml:3: unknown key 'charts' in 'sections'"),
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
