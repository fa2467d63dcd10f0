import Foundation
import TestSupport
import Testing

/// The pdfs a user gets, checked with poppler and qpdf.
struct PDFCommandTests {
    static let now = ReportCommandTests.now

    @Test func everyPDFOfTheDemoPassesQpdfAndReadsBack() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        var texts: [String: String] = [:]
        for family in [demo.rivera, demo.hawks, demo.tanaka, demo.empty] {
            let report = try ReportBatchProcess.run(
                [
                    "report", "--db", "demo.db", "--family", family, "--preset", "last-90-days",
                    "--now", Self.now, "--format", "pdf", "--out", "out",
                ],
                in: demo.folder.path
            )
            #expect(report.status == (family == demo.empty ? 3 : 0), "\(report.stderr)")
            for list in ["coaches", "schools", "interactions"] {
                let export = try ReportBatchProcess.run(
                    [
                        "export", list, "--db", "demo.db", "--family", family, "--now", Self.now,
                        "--format", "pdf", "--out", "out",
                    ],
                    in: demo.folder.path
                )
                #expect(export.status == 0, "\(export.stderr)")
                #expect(!export.stderr.contains("could not be drawn"), "\(export.stderr)")
            }
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: demo.folder.file("out")).filter {
            $0.hasSuffix(".pdf")
        }.sorted()
        #expect(files.count == 15)
        for file in files {
            let path = demo.folder.file("out/\(file)")
            let check = try ReportBatchProcess.tool("qpdf", ["--check", path])
            #expect(check.status == 0, "\(file): \(check.stdout.suffix(300))")
            let text = try ReportBatchProcess.tool("pdftotext", [path, "-"]).stdout
            #expect(!text.contains("\u{FFFD}"), "\(file)")
            #expect(text.contains("Page 1 of"))
            texts[file] = text
        }
        let all = texts.values.joined()
        for name in [
            "Núñez", "Nguyễn-Okafor Family, \"The Hawks\"", "田中 Tanaka Family 🏈", "東京大学", "Отличная", "Ελληνικά", "🎉",
            "Smith, Jr.", "=HYPERLINK",
        ] {
            #expect(all.contains(name), "no pdf shows \(name)")
        }
        // The empty family's lists say so.
        let empty = texts.filter { $0.key.contains(String(demo.empty.prefix(8))) }
        #expect(empty.values.contains { $0.contains("No coaches found") })
        #expect(empty.values.contains { $0.contains("No schools found") })
        #expect(empty.values.contains { $0.contains("No interactions yet") })
        // The report's words and the 30-school note.
        let report = try #require(texts.first { $0.key.hasPrefix("report_rivera") }?.value)
        for words in [
            "Recruiting Report", "Rivera Family", "Schools by Status", "Interactions by Type",
            "Interactions by Sentiment", "Metric Summaries", "Previous Period", "Response Rate",
        ] {
            #expect(report.contains(words), "the report lacks \(words)")
        }
        // Metrics by the app's labels, not their keys, the headline stat marked (docs/metrics.md).
        #expect(report.contains("Fastball Velocity ★") && report.contains("60-Yard Dash"), "\(report)")
        #expect(report.contains("headline stat") && report.contains(" sec"))
        #expect(!report.contains("sixty_time") && !report.contains("exit_velo"))
        // Rivera's 40 schools use priority tiers: a Tier column, and no advice to start using them.
        let schools = try #require(texts.first { $0.key.hasPrefix("schools_rivera") }?.value)
        #expect(schools.contains("Tier"))
        #expect(!schools.contains("Consider organizing"))
        let hawks = try #require(texts.first { $0.key.hasPrefix("schools_nguyen") }?.value)
        #expect(!hawks.contains("Consider organizing"))
    }

    /// The app's advice to organise 30 or more schools with priority tiers goes only to a
    /// family that uses none (here the app's schema, which has no priority_tier at all).
    @Test func theTierNoteIsForAFamilyWithoutTiers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(
            try ReportBatchProcess.run(
                ["demo", "--out", "app.db", "--now", Self.now, "--without-optional-columns"],
                in: folder.path
            ).status == 0
        )
        let rivera = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("app.db"), "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"]
        ).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let export = try ReportBatchProcess.run(
            [
                "export", "schools", "--db", "app.db", "--family", rivera, "--now", Self.now, "--format", "pdf",
                "--out", ".",
            ],
            in: folder.path
        )
        #expect(export.status == 0, "\(export.stderr)")
        let pdf = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".pdf") }
        )
        let text = try ReportBatchProcess.tool("pdftotext", ["-raw", folder.file(pdf), "-"]).stdout
        #expect(
            text.contains(
                "You have 40 schools on your list. Consider organizing with priority tiers (A, B, C) to manage your recruiting strategy."
            )
        )
    }

    @Test func aLongComparisonSpansPagesAndRunsRepeatTheSameBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        _ = try ReportBatchProcess.run(
            ["demo", "--out", "big.db", "--scale", "8", "--today", "2026-11-22"],
            in: folder.path
        )
        let family = try ReportBatchProcess.tool(
            "sqlite3",
            [folder.file("big.db"), "SELECT id FROM family_units WHERE family_name = 'Rivera Family'"]
        ).stdout.trimmingCharacters(in: .newlines)
        for out in ["a", "b"] {
            let result = try ReportBatchProcess.run(
                ["export", "schools", "--db", "big.db", "--family", family, "--format", "pdf", "--out", out],
                in: folder.path,
                environment: ["SOURCE_DATE_EPOCH": "1795413600"]
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("a")).first)
        let a = folder.file("a/\(name)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: a))
                == Data(contentsOf: URL(fileURLWithPath: folder.file("b/\(name)")))
        )
        let info = try ReportBatchProcess.tool("pdfinfo", [a]).stdout
        let pages =
            Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "0") ?? 0
        #expect(pages >= 10)
        for page in 1...pages {
            let text = try ReportBatchProcess.tool("pdftotext", ["-f", "\(page)", "-l", "\(page)", a, "-"]).stdout
            #expect(text.contains("School\n") && text.contains("Status"), "page \(page) lacks the header row")
            #expect(text.contains("Page \(page) of \(pages)"))
        }
        #expect(try ReportBatchProcess.tool("qpdf", ["--check", a]).status == 0)
    }
}
