import Foundation
import TestFixtures
import TestSupport
import Testing

/// The app's five-stage pipeline and its off-ramp in the report and the schools list, for a
/// family whose rows are of before August 2026 (app-today.md §1–§2).
struct StatusesCommandTests {
    static let now = "2026-11-23T06:00:00Z"
    static let six = ["researching", "contacted", "visiting", "offer_received", "committed", "not_pursuing"]

    /// Schools of every older status, two favorites by a stored `interested`, one by is_favorite.
    private func database(_ folder: TemporaryFolder) throws {
        try Fixture.database(at: folder.file("app.db")) { f in
            try f.family("F", name: "Older Family")
            try f.user("p", role: "player", timezone: "America/New_York")
            try f.member(family: "F", user: "p", role: "player")
            let schools: [(String, String, String?)] = [
                ("a1", "Avery College", "interested"), ("a2", "Bates College", "interested"),
                ("a3", "Colby College", "camp_invite"), ("a4", "Dartmouth College", "official_visit_scheduled"),
                ("a5", "Emory University", "declined"), ("a6", "Furman University", "recruited"),
                ("a7", "Grinnell College", nil), ("a8", "Hamilton College", "committed"),
            ]
            for (id, name, status) in schools {
                try f.school(id, family: "F", name: name, status: status, id == "a6" ? ["is_favorite": 1] : [:])
            }
            // Avery's one interaction, 40 days ago: contacted, and gone quiet.
            try f.interaction("i1", family: "F", occurredAt: "2026-10-14T12:00:00Z", ["school_id": "a1"])
            try f.interaction("i2", family: "F", occurredAt: "2026-11-20T12:00:00Z", ["school_id": "a8"])
        }
    }

    private func run(_ arguments: [String], _ folder: TemporaryFolder) throws -> CommandResult {
        try ReportBatchProcess.run(
            arguments + ["--db", "app.db", "--family", "F", "--now", Self.now, "--out", "-"],
            in: folder.path
        )
    }

    @Test func theReportCountsTheSixStatusesInTheAppsOrderAndTheFavorites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try database(folder)
        let json = try run(["report", "--format", "json"], folder)
        #expect(json.status == 0, "\(json.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let schools = try #require(doc["schools"] as? [String: Any])
        let byStatus = try #require(schools["byStatus"] as? [String: Int])
        #expect(
            byStatus == [
                "researching": 2, "contacted": 1, "visiting": 3, "offer_received": 0, "committed": 1, "not_pursuing": 1,
            ]
        )
        #expect(schools["favorites"] as? Int == 3)
        // The keys in the app's order, as written.
        let block = try #require(json.stdout.range(of: "\"byStatus\"")).upperBound
        let positions = try Self.six.map { try #require(json.stdout[block...].range(of: "\"\($0)\"")).lowerBound }
        #expect(positions == positions.sorted())
        // Gone quiet: the contacted and visiting schools with no interaction in 30 days.
        let followUps = try #require(doc["followUps"] as? [String: Any])
        let quiet = try #require(followUps["goneQuiet"] as? [[String: Any]])
        #expect(
            Set(quiet.compactMap { $0["school"] as? String })
                == ["Avery College", "Colby College", "Dartmouth College", "Furman University"]
        )
        #expect(Set(quiet.compactMap { $0["status"] as? String }) == ["contacted", "visiting"])

        let csv = try run(["report", "--format", "csv"], folder)
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = try CSVRows.parse(csv.stdout).filter { $0.first == "schools" && $0.count > 2 }
        let statusRows = rows.filter { $0[1] == "by_status" }
        #expect(statusRows.map { $0[2] } == Self.six, "\(rows)")
        #expect(statusRows.map { $0[3] } == ["2", "1", "3", "0", "1", "1"], "\(statusRows)")
        #expect(rows.first { $0[1] == "favorites" }?[3] == "3", "\(rows)")
    }

    @Test func theSchoolsListShowsAndFiltersTheSixAndTheFavorites() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try database(folder)
        let all = try run(["export", "schools", "--no-bom"], folder)
        #expect(all.status == 0, "\(all.stderr)")
        let rows = try CSVRows.parse(all.stdout)
        let status = try #require(rows.first?.firstIndex(of: "Status"))
        let favorite = try #require(rows.first?.firstIndex(of: "Favorite"))
        let byName = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        #expect(byName["Avery College"]?[status] == "Contacted" && byName["Bates College"]?[status] == "Researching")
        #expect(byName["Colby College"]?[status] == "Visiting" && byName["Emory University"]?[status] == "Not Pursuing")
        #expect(
            rows.dropFirst().filter { $0[favorite] == "TRUE" }.map { $0[0] } == [
                "Avery College", "Bates College", "Furman University",
            ],
            "\(rows.map { $0[favorite] })"
        )
        func names(_ extra: [String]) throws -> [String] {
            let result = try run(["export", "schools", "--no-bom"] + extra, folder)
            #expect(result.status == 0, "\(result.stderr)")
            return try CSVRows.parse(result.stdout).dropFirst().map { $0[0] }
        }
        #expect(try names(["--status", "visiting"]) == ["Colby College", "Dartmouth College", "Furman University"])
        #expect(try names(["--status", "researching"]) == ["Bates College", "Grinnell College"])
        #expect(try names(["--favorites"]) == ["Avery College", "Bates College", "Furman University"])
    }

    @Test func anOlderStatusIsAUsageError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try database(folder)
        let interested = try run(["export", "schools", "--status", "interested"], folder)
        #expect(interested.status == 64)
        #expect(
            interested.stderr.contains("--status 'interested'") && interested.stderr.contains("--favorites"),
            "\(interested.stderr)"
        )
        #expect(interested.stderr.contains(Self.six.joined(separator: ", ")), "\(interested.stderr)")
        let camp = try run(["export", "schools", "--status", "camp_invite"], folder)
        #expect(camp.status == 64 && camp.stderr.contains(Self.six.joined(separator: ", ")), "\(camp.stderr)")
    }
}
