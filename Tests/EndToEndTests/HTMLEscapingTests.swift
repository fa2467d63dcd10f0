import Core
import Exporters
import Foundation
import TestFixtures
import TestSupport
import Testing

/// One escaping for every html report-batch writes (issue 52): hostile names through every
/// template the project ships (the report's and the lists' pages, the recap e-mail, the run's
/// summary) and through copies that put each value inside an attribute, every html escaped by
/// `HTMLText.escape`, on bytes; and the e-mail's names cleaned as every format cleans text
/// (docs/outputs.md), not shown through the messages' escapes.
struct HTMLEscapingTests {
    static let now = "2026-11-23T12:00:00Z"
    /// Names no html may let out of their text or their attribute.
    static let names = [
        "<script>alert(1)</script>",
        "Q\"\u{301} onmouseover=alert(1) x=\"",
        "Riv\r\nX\u{85}N\u{2028}L",
        String(repeating: "\"\u{301}<a&'b ", count: 12_500),
    ]

    /// The shipped templates, each value of the e-mail and the summary also inside an
    /// attribute, and the pages' texts (names of schools, coaches, families) too.
    static func attributeCopies(in folder: String) throws {
        let shipped = ShippedTemplates.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let edits: [String: [(String, String)]] = [
            "report.html.mustache": [
                ("{{^meter}}{{text}}{{/meter}}", "{{^meter}}<i title=\"{{text}}\">{{text}}</i>{{/meter}}"),
                ("</body>", "<div title=\"{{title}}\">{{#lines}}<i title=\"{{.}}\"></i>{{/lines}}</div>\n</body>"),
            ],
            "list.html.mustache": [
                ("{{^meter}}{{text}}{{/meter}}", "{{^meter}}<i title=\"{{text}}\">{{text}}</i>{{/meter}}"),
                ("</body>", "<div title=\"{{title}}\">{{#lines}}<i title=\"{{.}}\"></i>{{/lines}}</div>\n</body>"),
            ],
            "email.html.mustache": [
                ("{{text}}</li>", "<i title=\"{{text}}\">{{text}}</i></li>"),
                ("</body>", "<div title=\"{{family_name}}\" data-h=\"{{headline}}\"></div>\n</body>"),
            ],
            "summary.html.mustache": [("<td>{{name}}</td>", "<td title=\"{{name}}\">{{name}}</td>")],
        ]
        for (file, replacements) in edits {
            var text = try String(contentsOfFile: "\(shipped)/\(file)", encoding: .utf8)
            for (from, to) in replacements {
                #expect(text.contains(from), "\(file): \(from)")
                text = text.replacingOccurrences(of: from, with: to)
            }
            try text.write(toFile: "\(folder)/\(file)", atomically: true, encoding: .utf8)
        }
    }

    /// A family named `name`, its school, coach and player named after it, run with every
    /// html the project writes: the report's page, the three lists' pages, the recap e-mail
    /// (written only) and the summary; the e-mails' parts written out as `.part.html` and
    /// `.part.txt` beside them. Returns the run's folder.
    static func run(_ name: String, templates: String?, in folder: TemporaryFolder) throws -> String {
        try Fixture.database(at: folder.file("h.db")) { f in
            try f.family("H", name: name)
            try f.user("hp", role: "player", fullName: name)
            try f.member(family: "H", user: "hp", role: "player")
            try f.school("sH", family: "H", name: name)
            try f.coach("cH", family: "H", school: "sH", ["first_name": name, "last_name": "Coach"])
            try f.interaction(
                "iH",
                family: "H",
                direction: "inbound",
                occurredAt: "2026-11-18T15:00:00Z",
                ["coach_id": "cH", "school_id": "sH"]
            )
        }
        try """
        outputs:
          - report:
            formats: [html]
          - export: coaches
            formats: [html]
          - export: schools
            formats: [html]
          - export: interactions
            formats: [html]
        deliver:
          email:
            from: reports@example.com
            attach: [report.html]
            via: none

        """.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        var arguments = ["run", "job.yaml", "--db", "h.db", "--out", "o", "--now", now, "--quiet"]
        if let templates { arguments += ["--templates", templates] }
        let run = try ReportBatchProcess.run(arguments, in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let parts = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys, glob
                for eml in glob.glob(sys.argv[1] + '/**/*.eml', recursive=True):
                    m = email.message_from_bytes(open(eml, 'rb').read(), policy=email.policy.default)
                    for kind in ('html', 'plain'):
                        body = m.get_body(preferencelist=(kind,)).get_content()
                        open(eml + '.part.' + ('html' if kind == 'html' else 'txt'), 'w', encoding='utf-8', newline='').write(body)
                """, folder.file("o"),
            ]
        )
        #expect(parts.status == 0, "\(parts.stderr)")
        return folder.file("o")
    }

    static func files(under root: String, ending suffix: String) -> [String] {
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(suffix) }.map { "\(root)/\($0)" }.sorted()
    }

    /// The first `count` characters of `text` as an html shows a value: escaped on bytes.
    static func shown(_ text: String, _ count: Int = 30) -> String { HTMLText.escape(String(text.prefix(count))) }

    @Test(arguments: [false, true], names.indices)
    func everyHTMLEscapesEveryValueOnBytes(inAttributes: Bool, index: Int) throws {
        let name = Self.names[index]
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var templates: String?
        if inAttributes {
            templates = folder.file("templates")
            try Self.attributeCopies(in: folder.file("templates"))
        }
        let root = try Self.run(name, templates: templates, in: folder)
        let pages = Self.files(under: root, ending: ".html").filter {
            !$0.hasSuffix("summary.html") && !$0.hasSuffix(".part.html")
        }
        let mails = Self.files(under: root, ending: ".eml.part.html")
        #expect(pages.count == 4, "\(pages)")
        #expect(mails.count == 1, "\(mails)")
        let summary = root + "/summary.html"
        // The pages and the e-mail show a name cleaned of control characters (docs/outputs.md);
        // the summary, the operator's, as its messages do, escaped on one line.
        let expected = [
            (pages + mails, Self.shown(CellText.clean(name))), ([summary], Self.shown(Display.oneLine(name))),
        ]
        for (paths, shown) in expected {
            for path in paths {
                let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
                let text = String(decoding: bytes, as: UTF8.self)
                // A `"` before a combining mark is escaped like any other: it ends no attribute.
                #expect(!bytes.indices.dropLast(2).contains { bytes[$0] == 0x22 && bytes[$0 + 1] == 0xCC }, "\(path)")
                #expect(!text.contains("<script>") && !text.contains("x=\"\""), "\(path)")
                #expect(text.contains(shown), "\(path) lacks \(shown.debugDescription)")
            }
        }
        for path in mails + Self.files(under: root, ending: ".eml.part.txt") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.contains("\\r\\n") && !text.contains("\\u{85}") && !text.contains("\\u{2028}"), "\(path)")
        }
    }

    /// The e-mail's text part shows the family's name as the report page does: control
    /// characters removed, nothing else changed (`Riv\r\nX\u{85}N\u{2028}L`, not its escapes).
    @Test func theEmailShowsANameCleanedNotEscaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = try Self.run(Self.names[2], templates: nil, in: folder)
        for path in Self.files(under: root, ending: ".eml.part.txt") + Self.files(under: root, ending: ".eml.part.html")
        {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("Riv\r\nXN\u{2028}L") || text.contains("Riv\nXN\u{2028}L"), "\(path): \(text)")
        }
    }

    /// A page's template that swift-mustache would take but the pages' renderer does not is
    /// refused with its file, its line and what it does not take (exit 64), before any family.
    @Test(arguments: [
        ("{{count(cards)}}", "a transform (count(cards))"), ("{{>header}}", "a partial ({{>…}})"),
        ("{{$block}}x{{/block}}", "a block ({{$…}})"),
    ])
    func aPageTemplateThePagesDoNotTakeIsRefused(tag: String, what: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.file("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        let report = try String(contentsOfFile: ShippedTemplates.path + "/report.html.mustache", encoding: .utf8)
        // The tag's line: the one after `<body>` (1-based).
        let line =
            (report.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "<body>" } ?? -9) + 2
        try report.replacingOccurrences(of: "<body>\n", with: "<body>\n\(tag)\n")
            .write(toFile: templates + "/report.html.mustache", atomically: true, encoding: .utf8)
        try Fixture.database(at: folder.file("x.db")) { f in
            try f.family("F", name: "Family")
            try f.school("s1", family: "F")
        }
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "x.db", "--family", "F", "--format", "html", "--templates", "templates", "--now",
                Self.now,
            ],
            in: folder.path
        )
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "report-batch: error: templates/report.html.mustache:\(line): the html pages do not take \(what)"
            ),
            "\(result.stderr)"
        )
    }

    /// A command that writes no page, summary or e-mail reads none of their templates (issue 50):
    /// broken ones in `--templates` stop only the commands that write what they make.
    @Test func aCommandReadsOnlyTheTemplatesOfWhatItWrites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.file("templates")
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        for name in ["report.html.mustache", "list.html.mustache", "summary.html.mustache", "email.html.mustache"] {
            try "{{#unclosed}}\n".write(toFile: "\(templates)/\(name)", atomically: true, encoding: .utf8)
        }
        try Fixture.database(at: folder.file("x.db")) { f in
            try f.family("F", name: "Family")
            try f.school("s1", family: "F")
        }
        let common = ["--db", "x.db", "--family", "F", "--templates", "templates", "--now", Self.now, "--out", "out"]
        for (command, status) in [
            (["report", "--format", "csv,json"], 0), (["export", "schools", "--format", "csv,xlsx"], 0),
            (["report", "--format", "html"], 64), (["export", "schools", "--format", "html"], 64),
        ] {
            let result = try ReportBatchProcess.run(command + common, in: folder.path)
            #expect(result.status == status, "\(command): \(result.stderr)")
        }
    }
}

/// The repository's Templates/ folder.
enum ShippedTemplates {
    static var path: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates").path
    }
}
