import Foundation
import TestSupport
import Testing

/// html as the fourth format (docs/outputs.md, "html"; docs/cli.md): `--format html` of
/// `report` and `export`, `html` in a job's formats and in its manifest, the same bytes for
/// the same clock; and the recap's link to the page (docs/delivery.md, "The report's web page").
struct HTMLCommandTests {
    static let now = "2026-11-23T06:00:00Z"

    @Test func htmlIsAFormatOfTheReportAndOfEveryList() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let common = ["--db", "demo.db", "--family", demo.rivera, "--now", Self.now, "--out", "out"]
        let report = try ReportBatchProcess.run(
            ["report", "--preset", "previous-week", "--format", "html,pdf"] + common,
            in: demo.folder.path
        )
        #expect(report.status == 0, "\(report.stderr)")
        #expect(
            report.stdout
                == "out/report_rivera-family-\(demo.rivera.prefix(8))_2026-11-16_2026-11-22.html\nout/report_rivera-family-\(demo.rivera.prefix(8))_2026-11-16_2026-11-22.pdf\n"
        )
        for kind in ["coaches", "schools", "interactions"] {
            let list = try ReportBatchProcess.run(["export", kind, "--format", "HTML"] + common, in: demo.folder.path)
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout == "out/\(kind)_rivera-family-\(demo.rivera.prefix(8)).html\n")
        }
        // Only the files: no temporary name is left behind.
        #expect(demo.folder.contents().contains("out"))
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("out")).sorted()
        #expect(files.count == 5 && files.allSatisfy { !$0.hasPrefix(".") }, "\(files)")
        let bad = try ReportBatchProcess.run(["report", "--format", "web"] + common, in: demo.folder.path)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("use one or more of: json, csv, xlsx, pdf, html"), "\(bad.stderr)")
    }

    /// A job's html pages are in each family's manifest, and a second run with the same clock
    /// writes the same bytes.
    @Test func aJobWritesItsPagesAndTheSameClockTheSameBytes() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try """
        range:
          preset: previous-week
        outputs:
          - report:
            formats: [html]
          - export: schools
            formats: [html, pdf]

        """.write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        for root in ["one", "two"] {
            let result = try ReportBatchProcess.run(
                ["run", "job.yaml", "--db", "demo.db", "--out", root, "--now", Self.now, "--quiet"],
                in: demo.folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        let folder = "rivera-family-\(demo.rivera.prefix(8))/2026-11-22"
        let manifest = try String(contentsOfFile: demo.folder.file("one/\(folder)/manifest.json"), encoding: .utf8)
        for name in [
            "report_rivera-family-\(demo.rivera.prefix(8))_2026-11-16_2026-11-22.html",
            "schools_rivera-family-\(demo.rivera.prefix(8)).html",
        ] {
            #expect(manifest.contains("\"name\": \"\(name)\",\n      \"format\": \"html\""), "\(manifest)")
            let one = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("one/\(folder)/\(name)")))
            let two = try Data(contentsOf: URL(fileURLWithPath: demo.folder.file("two/\(folder)/\(name)")))
            #expect(one == two && one.count > 10_000, "\(name)")
        }
    }

    /// With `report_url`, each "and N more in the report" and the attachments' line for the page
    /// link to it, in the text and the HTML part; the page itself attached is text/html.
    @Test func theRecapLinksToTheReportsPage() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        try """
        families: [\(demo.rivera)]
        range:
          preset: previous-week
        outputs:
          - report:
            formats: [pdf, html]
        deliver:
          email:
            from: reports@example.com
            to: [parent@example.com]
            attach: [report.pdf, report.html]
            via: none
            report_url: https://reports.example.com/families/{family_slug}/{to}

        """.write(toFile: demo.folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(
            ["run", "job.yaml", "--db", "demo.db", "--out", "out", "--now", Self.now, "--quiet"],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let slug = "rivera-family-\(demo.rivera.prefix(8))"
        let page = "report_\(slug)_2026-11-16_2026-11-22.html"
        let url = "https://reports.example.com/families/\(slug)/2026-11-22/\(page)"
        let check = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import email, email.policy, sys
                folder, url, page = sys.argv[1], sys.argv[2], sys.argv[3]
                m = email.message_from_bytes(open(folder + '/email-parent-example-com.eml', 'rb').read(), policy=email.policy.default)
                text = m.get_body(preferencelist=('plain',)).get_content()
                html = m.get_body(preferencelist=('html',)).get_content()
                more = [line for line in text.split('\\n') if 'more in the report' in line]
                assert more and all(line.endswith(' more in the report: ' + url) for line in more), more
                assert ('- Full report (web page, ') in text and ('KB): ' + url) in text, text
                assert html.count('<a href="' + url + '"') == len(more) + 1, html
                [attached] = [p for p in m.iter_attachments() if p.get_filename() == page]
                assert attached.get_content_type() == 'text/html', attached.get_content_type()
                assert attached.get_payload(decode=True) == open(folder + '/' + page, 'rb').read()
                print(len(more), 'links')
                """, demo.folder.file("out/\(slug)/2026-11-22"), url, page,
            ]
        )
        #expect(check.status == 0, "\(check.stderr)")
        #expect(!check.stdout.hasPrefix("0 "), "\(check.stdout)")
    }

    @Test(arguments: [
        (
            "report_url: https://reports.example.com/{family_slug}/?token=abc", "[pdf, html]",
            "job.yaml:9: 'report_url' must be an https address of the family's folder without a user, password, query or fragment, e.g. https://reports.example.com/{family_slug}/{to}/ (access control is the web host's, never part of the URL) (got 'https://reports.example.com/{family_slug}/')"
        ),
        (
            "report_url: http://reports.example.com/{family_slug}/", "[pdf, html]",
            "job.yaml:9: 'report_url' must be an https address of the family's folder without a user, password, query or fragment, e.g. https://reports.example.com/{family_slug}/{to}/ (access control is the web host's, never part of the URL) (got 'http://reports.example.com/{family_slug}/')"
        ),
        (
            "report_url: https://reports.example.com/{family}/", "[pdf, html]",
            "job.yaml:9: 'report_url' has an unknown placeholder {family}; use: {family_slug}, {family_id}, {from}, {to}, {preset}"
        ),
        (
            "report_url: https://reports.example.com/{family_slug}/", "[pdf]",
            "job.yaml:5: 'report_url' links the e-mail to the report's web page, which this job does not write: add html to the report's formats"
        ),
    ])
    func aBadReportURLIsAUsageError(line: String, formats: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try """
        outputs:
          - report:
            formats: \(formats)
        deliver:
          email:
            from: a@example.com
            attach: [report.pdf]
            via: none
            \(line)

        """.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
        let result = try ReportBatchProcess.run(["run", "job.yaml", "--db", "x.db", "--dry-run"], in: folder.path)
        #expect(result.status == 64)
        #expect(result.stderr == "report-batch: error: \(message)\n", "\(result.stderr)")
    }
}
