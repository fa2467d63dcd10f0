import Aggregation
import AppStore
import Core
import DemoData
import Foundation
import ReportGen
import TestFixtures
import TestSupport
import Testing

/// The report and the lists as web pages (docs/outputs.md, "html"): one file that fetches
/// nothing, every value escaped, the same bytes for the same clock, every row on the page,
/// and templates a user may replace but not make unsafe.
struct HTMLPageTests {
    let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")

    /// A family whose every name is markup: a page must show each as text.
    static func hostileDatabase(at path: String) throws {
        try Fixture.database(at: path) { f in
            try f.family("F", name: "<script>alert('family')</script> & \"Co\"")
            try f.user("p", role: "player", fullName: "<b>Player</b>")
            try f.member(family: "F", user: "p", role: "player")
            try f.school("s", family: "F", name: "<script>alert(1)</script>", status: "contacted")
            try f.coach(
                "c",
                family: "F",
                school: "s",
                ["first_name": "<img src=x onerror=alert(2)>", "last_name": "</td></tr></table>", "email": "a@b.co"]
            )
            try f.interaction(
                "i",
                family: "F",
                occurredAt: "2026-11-18T10:00:00Z",
                [
                    "school_id": "s", "coach_id": "c", "direction": "inbound",
                    "subject": "<style>body{background:url(https://evil.example/x)}</style>",
                    "content": "{{title}} ]]> <!-- -->",
                ]
            )
        }
    }

    /// The report's html and every list's html of the hostile family, in `folder`.
    func hostilePages(in folder: TemporaryFolder) throws -> [String] {
        let path = folder.file("hostile.db")
        try Self.hostileDatabase(at: path)
        let source = try SQLiteSource(path: path)
        let data = try source.loadFamily(id: "F")
        let run = try ReportRun(data: data, selection: .preset(.last7Days), today: nil, timezone: nil, clock: clock)
        var files = try ReportFiles.write(run, formats: [.html], to: .folder(folder.path)).map(\.path)
        for request in Self.requests {
            var request = request
            request.formats = [.html]
            files += try ListExport.run(
                request,
                data: data,
                interactions: .loaded(data.interactions),
                clock: clock,
                to: .folder(folder.path)
            ).files.map(\.path)
        }
        return try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
    }

    static let requests = [
        ListRequest(filters: .coaches(CoachFilters())), ListRequest(filters: .schools(SchoolFilters())),
        ListRequest(filters: .interactions(InteractionFilters(), range: nil)),
    ]

    @Test func everyNameFromTheDatabaseReadsAsText() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pages = try hostilePages(in: folder)
        #expect(pages.count == 4)
        for page in pages {
            let lower = page.lowercased()
            #expect(!lower.contains("<script"), "\(page.prefix(300))")
            #expect(!lower.contains("<img") && !lower.contains("<b>") && !lower.contains("evil.example/x)}</style>"))
            #expect(page.components(separatedBy: "<style>").count == 2, "the template's one style element")
            #expect(page.contains("&lt;script&gt;alert(&#39;family&#39;)&lt;/script&gt; &amp; &quot;Co&quot;"))
            #expect(!page.contains("</td></tr></table></"))
        }
        // The school, the coach and the subject, each as text, where the lists show them.
        #expect(pages.contains { $0.contains("&lt;script&gt;alert(1)&lt;/script&gt;") })
        #expect(pages.contains { $0.contains("&lt;img src=x onerror=alert(2)&gt;") })
        #expect(pages.contains { $0.contains("&lt;style&gt;body{background:url(https://evil.example/x)}") })
        // A value that looks like a tag of the template is text, never rendered again.
        #expect(pages.contains { $0.contains("{{title}} ]]&gt; &lt;!-- --&gt;") })
    }

    @Test func aPageFetchesNothingAndRunsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for page in try hostilePages(in: folder) {
            #expect(
                page.contains(
                    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
                )
            )
            #expect(page.contains("<meta name=\"referrer\" content=\"no-referrer\">"))
            #expect(page.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"))
            #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            // Markup is the template's alone (a value's "<" is "&lt;"): no element that loads or runs
            // anything, no src, and no url() or @import in its style element or a style attribute.
            let tags = page.matches(of: /<[a-zA-Z][^>]*>/).map { page[$0.range].lowercased() }
            #expect(tags.count > 50)
            // (A link a person follows, <a href>, is not a fetch: it may be https.)
            for tag in tags where !tag.hasPrefix("<a ") {
                for fetch in [
                    "<script", "<link", "<img", "<iframe", "<object", "<embed", "<base", " src=", "url(", "http:",
                ] {
                    #expect(!tag.contains(fetch), "\(fetch) in \(tag)")
                }
                #expect(!tag.contains("https:"), "\(tag)")
            }
            let style = try #require(page.firstMatch(of: /<style>([^<]*)<\/style>/)?.output.1).lowercased()
            #expect(!style.contains("url(") && !style.contains("@import") && !style.contains("http"))
        }
    }

    @Test func theSameClockGivesTheSameBytes() throws {
        let one = try TemporaryFolder()
        let two = try TemporaryFolder()
        defer {
            one.remove()
            two.remove()
        }
        let first = try hostilePages(in: one)
        let second = try hostilePages(in: two)
        #expect(first == second)
    }

    /// The demo's Rivera family: the report's html holds every follow-up row (past the pdf's
    /// 10, folded under "and N more"), and each list's html every row of its csv.
    @Test func everyRowIsOnThePage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let today = try #require(CivilDate(iso: "2026-11-22"))
        _ = try DemoDatabase.write(to: folder.file("demo.db"), options: DemoOptions(today: today))
        let source = try SQLiteSource(path: folder.file("demo.db"))
        let family = try #require(try source.families().first { $0.displayName == "Rivera Family" })
        let data = try source.loadFamily(id: family.id)
        let run = try ReportRun(
            data: data,
            selection: .preset(.previousWeek),
            today: today,
            timezone: nil,
            clock: clock
        )
        let report = try String(
            contentsOfFile: try ReportFiles.write(run, formats: [.html], to: .folder(folder.path))[0].path,
            encoding: .utf8
        )
        let toFix = run.followUps.contactsToFix
        #expect(toFix.count > 10, "the demo has more contact details to fix than the pdf shows")
        #expect(report.contains("<summary>and \(toFix.count - 10) more</summary>"))
        for item in toFix { #expect(report.contains(item.value.replacingOccurrences(of: "'", with: "&#39;"))) }
        for request in Self.requests {
            var request = request
            request.formats = [.html, .csv]
            let result = try ListExport.run(
                request,
                data: data,
                interactions: .streamed(from: source, familyID: family.id),
                clock: clock,
                to: .folder(folder.path),
                csv: .init(byteOrderMark: false)
            )
            let page = try String(contentsOfFile: result.files[0].path, encoding: .utf8)
            let body = try #require(page.components(separatedBy: "<tbody>").last)
            #expect(body.components(separatedBy: "<tr>").count - 1 == result.rows, "\(request.kind)")
            #expect(result.files[0].rows == result.files[1].rows && result.rows > 0)
            #expect(page.contains("<th scope=\"row\">"))
        }
    }

    // MARK: Templates

    static func folder(with name: String, _ text: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try text.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
        return folder
    }

    @Test(arguments: [
        ("{{{title}}}", "{{{title}}} would put a value into the page without escaping it"),
        ("{{& title}}", "{{{title}}} would put a value into the page without escaping it"),
        ("{{% CONTENT_TYPE: TEXT}}", "an html template escapes every value"),
        ("{{=<% %>=}}", "an html template keeps the delimiters"),
    ])
    func aTemplateThatWouldInsertAValueUnescapedIsRefused(tag: String, message: String) throws {
        let text = HTMLTemplates.defaultReport.replacingOccurrences(of: "<h1>{{title}}</h1>", with: "<h1>\(tag)</h1>")
        let folder = try Self.folder(with: HTMLTemplates.reportName, text)
        defer { folder.remove() }
        let line = text.prefix(upTo: try #require(text.range(of: tag)).lowerBound).count { $0 == "\n" } + 1
        #expect {
            _ = try OutputTemplates.load(from: folder.path)
        } throws: { error in
            "\(error)".contains("report.html.mustache:\(line): \(message)")
        }
    }

    @Test func aTemplateWithoutItsContentSecurityPolicyIsRefused() throws {
        let text = HTMLTemplates.defaultList.replacingOccurrences(of: "default-src 'none'; ", with: "")
        let folder = try Self.folder(with: HTMLTemplates.listName, text)
        defer { folder.remove() }
        #expect {
            _ = try OutputTemplates.load(from: folder.path)
        } throws: { error in
            "\(error)".contains(
                "list.html.mustache: the page must keep its <meta http-equiv=\"Content-Security-Policy\""
            )
        }
    }

    @Test func aListTemplateWithoutItsRowsIsRefused() throws {
        let text = HTMLTemplates.defaultList.replacingOccurrences(of: "{{#rows}}", with: "{{#no_rows}}")
            .replacingOccurrences(of: "{{/rows}}", with: "{{/no_rows}}")
        let folder = try Self.folder(with: HTMLTemplates.listName, text)
        defer { folder.remove() }
        #expect {
            _ = try OutputTemplates.load(from: folder.path)
        } throws: { error in
            "\(error)".contains("list.html.mustache: a list's page needs one {{#rows}}…{{/rows}} section")
        }
    }

    @Test func aUsersTemplatesAreUsed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try HTMLTemplates.defaultReport.replacingOccurrences(of: "<main>", with: "<main><p>Our own report page</p>")
            .write(toFile: folder.file(HTMLTemplates.reportName), atomically: true, encoding: .utf8)
        try HTMLTemplates.defaultList.replacingOccurrences(
            of: "<tr>{{#cells}}",
            with: "<tr class=\"ours\">{{#cells}}"
        ).write(toFile: folder.file(HTMLTemplates.listName), atomically: true, encoding: .utf8)
        let templates = try OutputTemplates.load(from: folder.path)
        let path = folder.file("hostile.db")
        try Self.hostileDatabase(at: path)
        let data = try SQLiteSource(path: path).loadFamily(id: "F")
        let run = try ReportRun(data: data, selection: .preset(.last7Days), today: nil, timezone: nil, clock: clock)
        let report = try ReportFiles.write(run, formats: [.html], to: .folder(folder.path), templates: templates)
        #expect(try String(contentsOfFile: report[0].path, encoding: .utf8).contains("<p>Our own report page</p>"))
        var request = ListRequest(filters: .coaches(CoachFilters()))
        request.formats = [.html]
        let list = try ListExport.run(
            request,
            data: data,
            interactions: .loaded(data.interactions),
            clock: clock,
            to: .folder(folder.path),
            templates: templates
        )
        #expect(try String(contentsOfFile: list.files[0].path, encoding: .utf8).contains("<tr class=\"ours\">"))
    }
}
