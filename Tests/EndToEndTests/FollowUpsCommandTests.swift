import Foundation
import TestFixtures
import TestSupport
import Testing

/// The report's Follow-ups as a family sees them: in the pdf, on the Summary sheet, in the
/// links of the coaches list, and as `check` warnings (docs/report.md §2).
struct FollowUpsCommandTests {
    static let now = ReportCommandTests.now

    @Test(.tags(.pythonReader)) func theDemoFamilyHasEveryListOnPaperAndInTheWorkbook() throws {
        let demo = try ReportCommandTests.Demo()
        defer { demo.folder.remove() }
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "demo.db", "--family", demo.rivera, "--preset", "previous-week", "--now", Self.now,
                "--format", "json,xlsx,pdf", "--out", "out",
            ],
            in: demo.folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map { demo.folder.file(String($0)) }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: paths[0]))) as? [String: Any]
        )
        let followUps = try #require(json["followUps"] as? [String: Any])
        #expect(followUps["today"] as? String == "2026-11-23")
        for key in ["deadlines", "awaitingReply", "goneQuiet", "contactsToFix"] {
            #expect(((followUps[key] as? [Any]) ?? []).isEmpty == false, "\(key) is empty for the Rivera family")
        }
        let deadline = try #require((followUps["deadlines"] as? [[String: Any]])?.first)
        // After the cards, "This week" and "Coming up" (docs/season.md), then the follow-ups.
        let text = try ReportBatchProcess.tool("pdftotext", ["-f", "1", "-l", "4", paths[2], "-"]).stdout
        #expect(
            text.contains("Follow-ups") && text.contains("Offer deadlines in the next 14 days"),
            "\(text.prefix(600))"
        )
        #expect(text.contains(deadline["school"] as? String ?? "?"))
        // The coaches waiting 7 to 60 days are listed, fewest days first; the older ones are counted.
        let waiting = ((followUps["awaitingReply"] as? [[String: Any]]) ?? []).compactMap { $0["daysWaiting"] as? Int }
        #expect(waiting == waiting.sorted() && waiting.allSatisfy { (7...60).contains($0) }, "\(waiting)")
        let older = try #require(followUps["awaitingReplyOlder"] as? Int)
        #expect(older == 0 || text.contains("\(older) more coach"), "\(text.prefix(1500))")
        let script = """
            import openpyxl, sys, datetime
            s = openpyxl.load_workbook(sys.argv[1])['Summary']
            rows = [[c for c in r] for r in s.iter_rows()]
            at = [i for i, r in enumerate(rows) if r[0].value == 'Offer deadlines in the next 14 days'][0]
            assert [c.value for c in rows[at + 1][:4]] == ['School', 'Offer', 'Deadline', 'Days left'], rows[at + 1]
            first = rows[at + 2]
            assert first[0].value == sys.argv[2] and first[2].is_date and isinstance(first[3].value, int), [c.value for c in first[:4]]
            assert first[2].value == datetime.datetime.fromisoformat(sys.argv[3]), first[2].value
            print('ok')
            """
        let check = try ReportBatchProcess.tool(
            "python3",
            ["-c", script, paths[1], deadline["school"] as? String ?? "", deadline["deadline"] as? String ?? ""]
        )
        #expect(check.stdout == "ok\n", "\(check.stderr)")
    }

    /// A link in the coaches pdf only for a value the Add Coach rules accept.
    @Test(.tags(.pythonReader)) func theCoachesPDFLinksOnlyValuesThatPassTheRules() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F", name: "Rivera Family")
            try f.school("s1", family: "F", name: "Amherst College")
            let phones = [
                "(123) 456-7890", "123-456-7890", "123.456.7890", "1234567890", "+1 555-950-1304", "123", "call me",
            ]
            for (index, phone) in phones.enumerated() {
                try f.coach(
                    "c\(index)",
                    family: "F",
                    school: "s1",
                    [
                        "phone": phone, "email": index == 5 ? "notanemail" : "c\(index)@example.edu",
                        "twitter_handle": index == 6 ? "this_is_way_too_long_for_twitter" : "coach_\(index)",
                        "instagram_handle": index == 6 ? "invalid handle with spaces" : "coach.\(index)",
                    ]
                )
            }
        }
        let result = try ReportBatchProcess.run(
            ["export", "coaches", "--db", "f.db", "--family", "F", "--format", "pdf", "--out", "o", "--now", Self.now],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try Data(
            contentsOf: URL(fileURLWithPath: folder.file(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        )
        let uris = String(decoding: pdf, as: UTF8.self).matches(of: /\/URI \(([^)]*)\)/).map { String($0.output.1) }
        #expect(
            uris.filter { $0.hasPrefix("tel:") }.sorted() == [
                "tel:+15559501304", "tel:1234567890", "tel:1234567890", "tel:1234567890", "tel:1234567890",
            ],
            "\(uris)"
        )
        #expect(!uris.contains("mailto:notanemail"))
        #expect(
            uris.filter { $0.hasPrefix("https://x.com/") }.count == 6
                && uris.filter { $0.hasPrefix("https://instagram.com/") }.count == 6
        )
        // Every handle whole on paper, after its network's name (not cut to "@…"); the one too long for X ends in "…".
        let text = try ReportBatchProcess.tool(
            "pdftotext",
            ["-layout", folder.file(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "-"]
        ).stdout
        for index in 0..<6 {
            #expect(text.contains("X @coach_\(index)") && text.contains("IG @coach.\(index)"), "\(index): \(text)")
        }
        #expect(text.contains("IG @invalid handle with spaces") && text.contains("X @this_is_way_too_long_fo"))
        // The same in the workbook, read with openpyxl: a link exactly where the rules accept the value.
        let book = try ReportBatchProcess.run(
            [
                "export", "coaches", "--db", "f.db", "--family", "F", "--format", "xlsx", "--out", "o", "--now",
                Self.now,
            ],
            in: folder.path
        )
        #expect(book.status == 0, "\(book.stderr)")
        let script = """
            import openpyxl, sys
            ws = openpyxl.load_workbook(sys.argv[1]).worksheets[0]
            # Row 1 is the sheet's title, row 2 its header.
            header = [c.value for c in ws[2]]
            for row in ws.iter_rows(min_row=3):
                cells = dict(zip(header, row))
                for column in ('Email', 'Phone', 'Twitter', 'Instagram'):
                    c = cells[column]
                    print(column, repr(c.value), c.hyperlink.target if c.hyperlink else None)
            """
        let cells = try ReportBatchProcess.tool(
            "python3",
            ["-c", script, folder.file(book.stdout.trimmingCharacters(in: .whitespacesAndNewlines))]
        ).stdout
        for phone in ["(123) 456-7890", "123-456-7890", "123.456.7890", "1234567890"] {
            #expect(cells.contains("Phone '\(phone)' tel:1234567890"), "\(phone): \(cells)")
        }
        #expect(cells.contains("Phone '+1 555-950-1304' tel:+15559501304"))
        for (column, value) in [
            ("Phone", "123"), ("Phone", "call me"), ("Email", "notanemail"),
            ("Twitter", "this_is_way_too_long_for_twitter"), ("Instagram", "invalid handle with spaces"),
        ] {
            #expect(cells.contains("\(column) '\(value)' None"), "\(value) is a link: \(cells)")
        }
        #expect(
            cells.contains("Twitter 'coach_0' https://x.com/coach_0")
                && cells.contains("Instagram 'coach.0' https://instagram.com/coach.0")
        )
        // `check` lists the breaking values as warnings and still exits 0.
        let check = try ReportBatchProcess.run(["check", "--db", "f.db"], in: folder.path)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(
            check.stdout.contains("f.db: warning: coaches row 'c5', column phone: '123' is not a phone number"),
            "\(check.stdout)"
        )
        #expect(check.stdout.contains("coaches row 'c6', column twitter_handle: 'this_is_way_too_long_for_twitter'"))
        #expect(check.stdout.contains("coaches row 'c5', column email: 'notanemail'"))
        #expect(check.stdout.split(separator: "\n").count == 5, "\(check.stdout)")
    }

    /// A family with nothing to follow up says so in words, and has empty lists in json.
    @Test func emptyListsSaySoInWords() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F", name: "Calm Family")
            try f.school("s1", family: "F", name: "Amherst College", status: "interested")
            try f.coach("c1", family: "F", school: "s1")
            try f.interaction(
                "i1",
                family: "F",
                direction: "inbound",
                occurredAt: "2026-11-20T15:00:00Z",
                ["school_id": "s1", "coach_id": "c1"]
            )
            // Another family with something in every list: none of it may appear in F's.
            try f.family("G", name: "Busy Family")
            try f.school("g1", family: "G", name: "Bates College", status: "interested")
            try f.coach("gc", family: "G", school: "g1", ["phone": "call me"])
            try f.interaction(
                "gi",
                family: "G",
                direction: "outbound",
                occurredAt: "2026-10-01T15:00:00Z",
                ["school_id": "g1", "coach_id": "gc"]
            )
            try f.offer("go", family: "G", school: "g1", ["status": "pending", "deadline_date": "2026-11-25"])
        }
        let result = try ReportBatchProcess.run(
            [
                "report", "--db", "f.db", "--family", "F", "--preset", "previous-week", "--now", Self.now,
                "--format", "json,pdf", "--out", "o",
            ],
            in: folder.path
        )
        #expect(result.status == 0, "\(result.stderr)")
        let paths = result.stdout.split(separator: "\n").map { folder.file(String($0)) }
        let json = try String(contentsOfFile: paths[0], encoding: .utf8)
        #expect(
            json.contains("\"deadlines\": []") && json.contains("\"awaitingReply\": []")
                && json.contains("\"goneQuiet\": []") && json.contains("\"contactsToFix\": []")
        )
        let text = try ReportBatchProcess.tool("pdftotext", [paths[1], "-"]).stdout
        for line in [
            "No offer deadlines in the next 14 days", "No coach has waited 7 to 60 days for a reply",
            "Every school you are pursuing had an interaction in the last 30 days",
            "Every coach's e-mail, phone and handles follow the app's rules",
        ] {
            #expect(text.contains(line), "\(line)")
        }
    }
}
