import Foundation
import TestFixtures
import TestSupport
import Testing

/// Every family writes into a folder and files of its own: slugs are unique, outputs never
/// share a file name, a family listed twice runs once, and one bad family row fails only that family.
struct FamilyIdentityTests {
    static let now = "2026-11-23T12:00:00Z"

    static func write(_ job: String, in folder: TemporaryFolder) throws {
        try job.write(toFile: folder.file("job.yaml"), atomically: true, encoding: .utf8)
    }

    static func run(_ folder: TemporaryFolder, _ extra: [String] = []) throws -> CommandResult {
        try ReportBatchProcess.run(["run", "job.yaml", "--db", "f.db", "--now", now] + extra, in: folder.path)
    }

    /// Null names with ids that share their first 8 characters, and one name with ids that
    /// differ after them: each family gets its own folder and file names, in `run` and in `report`.
    @Test func familiesWhoseSlugsWouldCollideGetTheirOwnFolders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ids = ["family_0001", "family_0002", "rivera-2024-a", "rivera-2024-b", "solo-family"]
        try Fixture.database(at: folder.file("f.db")) { f in
            for id in ids {
                try f.family(id, name: id.hasPrefix("rivera") ? "Rivera Family" : nil)
                try f.school("s-\(id)", family: id)
            }
        }
        try Self.write(
            "families: all\nrange: {preset: last-30-days}\noutput: {root: out, folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n",
            in: folder
        )
        let result = try Self.run(folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("5 families: 5 ok"))
        let folders = try FileManager.default.contentsOfDirectory(atPath: folder.file("out")).filter {
            !$0.hasPrefix(".") && !$0.hasPrefix("summary")
        }.sorted()
        #expect(folders.count == 5, "\(folders)")
        // The colliding ones carry a hash of their id; the family with a slug of its own keeps it unchanged.
        #expect(folders.contains("solo-fam"), "\(folders)")
        #expect(folders.filter { $0.hasPrefix("rivera-family-rivera-2-") }.count == 2, "\(folders)")
        for name in folders {
            let manifest = try String(contentsOfFile: folder.file("out/\(name)/manifest.json"), encoding: .utf8)
            #expect(manifest.contains("\"status\": \"ok\""))
        }
        // `report` names the same family's file the same way, so two families never share a file name.
        var names = Set<String>()
        for id in ids {
            let report = try ReportBatchProcess.run(
                [
                    "report", "--db", "f.db", "--family", id, "--now", Self.now, "--preset", "last-30-days",
                    "--format", "json", "--out", "reports",
                ],
                in: folder.path
            )
            #expect(report.status == 0, "\(report.stderr)")
            names.insert(report.stdout)
        }
        #expect(names.count == ids.count)
    }

    @Test(
        arguments: [
            (
                "output:\n  folder: \"{to}\"\noutputs:\n  - report:\n",
                "job.yaml:2: 'folder' must contain {family_slug} or {family_id}"
            ),
            (
                "outputs:\n  - export: coaches\n    formats: [csv]\n  - export: coaches\n    formats: [xlsx, csv]\n    filters: {role: head}\n",
                "job.yaml:4: outputs[2] would write the same file as outputs[1] (csv); give one of them a 'name'"
            ),
            (
                "outputs:\n  - report:\n    formats: [pdf]\n  - report:\n    formats: [pdf]\n",
                "job.yaml:4: outputs[2] would write the same file as outputs[1] (pdf); give them different ranges"
            ),
            (
                "outputs:\n  - export: coaches\n    name: Head Coaches\n",
                "job.yaml:3: 'name' 'Head Coaches' must be lower-case letters, digits and dashes"
            ),
            (
                "output:\n  root: ~\noutputs:\n  - report:\n",
                "job.yaml:2: 'root' is null (YAML reads '~' as no value); give a value, or leave the key out for its default"
            ),
            ("database: null\noutputs:\n  - report:\n", "job.yaml:1: 'database' is null"),
        ] as [(String, String)]
    )
    func aJobThatWouldMixFilesIsRefused(yaml: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { try $0.family("F") }
        try Self.write(yaml, in: folder)
        let result = try Self.run(folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("report-batch: error: \(message)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("~")))
    }

    /// Two outputs of one list, told apart by `name`, write two files, each listed once.
    @Test func namedOutputsWriteFilesOfTheirOwn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("F", name: "Fam")
            try f.school("s", family: "F")
            try f.coach("c1", family: "F", school: "s", role: "head")
            try f.coach("c2", family: "F", school: "s", role: "assistant")
        }
        try Self.write(
            """
            range: {preset: last-30-days}
            output: {folder: "{family_slug}"}
            outputs:
              - export: coaches
              - export: coaches
                name: head-coaches
                filters: {role: head}
            """,
            in: folder
        )
        let result = try Self.run(folder)
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.file("out/fam-f")).sorted()
        #expect(files == ["coaches_fam-f.csv", "head-coaches_fam-f.csv", "manifest.json"], "\(files)")
        let heads = try String(contentsOfFile: folder.file("out/fam-f/head-coaches_fam-f.csv"), encoding: .utf8)
        #expect(heads.split(separator: "\r\n").count == 2)
        let manifests = try BatchRunTests.verifyManifests(folder.file("out"))
        #expect(manifests.contains("files 2"))
    }

    /// A family listed twice runs once; a family row stored twice (no primary key) is bad input,
    /// reported by check, and fails only that family.
    @Test func aFamilyListedOrStoredTwiceRunsOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            // Tables made without their primary keys, as a hand-made copy of the app's database might be.
            for table in ["family_units", "schools"] {
                try f.db.execute(
                    sql:
                        "CREATE TABLE copy AS SELECT * FROM \(table); DROP TABLE \(table); ALTER TABLE copy RENAME TO \(table)"
                )
            }
            try f.family("R", name: "Rivera")
            try f.school("s", family: "R")
            try f.family("D", name: "Doubled")
            try f.family("D", name: "Doubled")
            try f.school("sd", family: "D")
            try f.school("sd", family: "D")
        }
        try Self.write(
            "families: [R, R, R, R]\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json, pdf]\n",
            in: folder
        )
        let listed = try Self.run(folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("1 family: 1 ok"), "\(listed.stdout)")
        #expect(!listed.stderr.contains("NSCocoaErrorDomain") && !listed.stdout.contains("NSCocoaErrorDomain"))

        try Self.write(
            "families: all\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n",
            in: folder
        )
        let all = try Self.run(folder)
        #expect(all.status == 4, "\(all.stdout)\(all.stderr)")
        #expect(all.stdout.contains("2 families: 1 ok, 0 skipped (no data), 1 failed"), "\(all.stdout)")
        #expect(all.stdout.contains("family_units row 'D', column id: the row's id appears 2 times"), "\(all.stdout)")

        let check = try ReportBatchProcess.run(["check", "--db", "f.db"], in: folder.path)
        #expect(check.status == 65)
        #expect(
            check.stdout.contains("family_units row 'D', column id: the row's id appears 2 times"),
            "\(check.stdout)"
        )
        #expect(check.stdout.contains("schools row 'sd', column id: the row's id appears 2 times"), "\(check.stdout)")
    }

    /// One family row with a bad value fails that family; the others get their files.
    @Test func aBadFamilyRowFailsOnlyThatFamily() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("A", name: "Good")
            try f.school("sa", family: "A")
            try f.family("E", name: "Empty", ["created_at": "garbage"])
        }
        try Self.write(
            "families: all\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n",
            in: folder
        )
        let result = try Self.run(folder)
        #expect(result.status == 4, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 families: 1 ok, 0 skipped (no data), 1 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("Empty (E): failed: bad data"), "\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/good-a/manifest.json")))
    }

    /// When a family's data goes bad, a rerun of the same week removes the files the earlier
    /// run wrote for it (and says so), so its folder holds only what its manifest lists.
    @Test func aRerunThatFailsLeavesNoEarlierOutputs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Fixture.database(at: folder.file("f.db")) { f in
            try f.family("A", name: "Alpha")
            try f.school("sa", family: "A")
            try f.coach("ca", family: "A", school: "sa")
        }
        try Self.write(
            "families: all\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json, csv]\n  - export: coaches\n    formats: [csv]\n",
            in: folder
        )
        #expect(try Self.run(folder).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("out/alpha-a")).count == 4)
        try "mine".write(toFile: folder.file("out/alpha-a/notes.txt"), atomically: true, encoding: .utf8)
        _ = try ReportBatchProcess.tool("sqlite3", [folder.file("f.db"), "UPDATE schools SET status = 'Bogus'"])
        let rerun = try Self.run(folder)
        #expect(rerun.status == 1, "\(rerun.stdout)\(rerun.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("out/alpha-a")).sorted()
        #expect(left == ["manifest.json", "notes.txt"], "\(left)")
        let manifest = try String(contentsOfFile: folder.file("out/alpha-a/manifest.json"), encoding: .utf8)
        #expect(
            manifest.contains(
                "removed report_alpha-a_2026-10-25_2026-11-23.json, report_alpha-a_2026-10-25_2026-11-23.csv, coaches_alpha-a.csv, written by an earlier run"
            ),
            "\(manifest)"
        )
    }
}
