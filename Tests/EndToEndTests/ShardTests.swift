import Aggregation
import AppStore
import Batch
import Core
import Foundation
import Synchronization
import TestFixtures
import TestSupport
import Testing

/// A run split into shards (docs/cli.md, "Many machines"): N processes on one output root
/// write what one whole run writes, each family in the shard its id hashes to, and
/// `summarize` merges their outcome files or says why it cannot.
struct ShardTests {
    static let now = "2026-11-23T09:00:00Z"

    static var weekly: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("weekly.yaml").path
    }

    /// Every file under `folder` by its path inside it, leaving out the locks and the shards' outcome files.
    static func files(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            let full = (folder as NSString).appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                !path.hasPrefix("shards/"), !(path.hasPrefix(".report-batch.") && path.hasSuffix(".lock"))
            else { continue }
            files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
        }
        return files
    }

    /// A demo of 40 families.
    static func demo() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let demo = try ReportBatchProcess.run(
            ["demo", "--out", "demo.db", "--families", "40", "--now", now],
            in: folder.path
        )
        try #require(demo.status == 0, "\(demo.stderr)")
        return folder
    }

    @Test func threeConcurrentShardsWriteWhatOneWholeRunWrites() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        // The whole run, moved aside so that the shards write into the same root path (the summary names it).
        let whole = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--quiet"],
            in: folder.path
        )
        #expect(whole.status == 0, "\(whole.stderr)")
        try FileManager.default.moveItem(atPath: folder.file("o"), toPath: folder.file("whole"))

        // Three processes at once on one root; each prints its own line and writes its outcome file.
        let results = Mutex<[Int: CommandResult]>([:])
        DispatchQueue.concurrentPerform(iterations: 3) { shard in
            let result = try? ReportBatchProcess.run(
                [
                    "run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now,
                    "--shards", "3", "--shard", "\(shard)", "--workers", "1",
                ],
                in: folder.path
            )
            results.withLock { $0[shard] = result }
        }
        var counted = 0
        for shard in 0..<3 {
            let result = try #require(results.withLock { $0[shard] })
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("shard \(shard)-of-3: "), "\(result.stdout)")
            counted += Int(result.stdout.split(separator: " ")[2]) ?? 0
            #expect(FileManager.default.fileExists(atPath: folder.file("o/shards/\(shard)-of-3.json")))
        }
        #expect(counted == 40)
        #expect(!FileManager.default.fileExists(atPath: folder.file("o/summary.txt")), "a shard writes no summary")
        let summarize = try ReportBatchProcess.run(["summarize", "o"], in: folder.path)
        #expect(summarize.status == 0, "\(summarize.stderr)")

        let expected = try Self.files(folder.file("whole"))
        let actual = try Self.files(folder.file("o"))
        #expect(
            expected.count > 150 && Set(expected.keys) == Set(actual.keys),
            "\(Set(expected.keys).symmetricDifference(actual.keys))"
        )
        for (path, data) in expected
        where actual[path].map({ Summaries.comparable(path, $0) }) != Summaries.comparable(path, data) {
            Issue.record("\(path) differs between the whole run and the shards")
        }
        #expect(
            Summaries.withoutDuration(summarize.stdout)
                == Summaries.withoutDuration(String(decoding: expected["summary.txt"] ?? Data(), as: UTF8.self))
        )
    }

    /// Shards never block one another; two runs of one shard, or a whole run beside shards, do (75).
    @Test func aShardsLockKeepsOutOnlyAnotherRunOfTheSameShard() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("o"), withIntermediateDirectories: true)
        // This test process holds what a running shard 1 of 3 holds.
        let root = try OutputLock(root: folder.file("o"), shared: true)
        let own = try OutputLock(root: folder.file("o"), name: ".report-batch.1-of-3.lock")
        let run = { (arguments: [String]) in
            try ReportBatchProcess.run(
                ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now] + arguments,
                in: folder.path
            )
        }
        let again = try run(["--shards", "3", "--shard", "1"])
        #expect(again.status == 75 && again.stderr.contains(".report-batch.1-of-3.lock"), "\(again.stderr)")
        let other = try run(["--shards", "3", "--shard", "0"])
        #expect(other.status == 0, "\(other.stderr)")
        let wholeRun = try run([])
        #expect(wholeRun.status == 75 && wholeRun.stderr.contains("the shards of a run"), "\(wholeRun.stderr)")
        let summarize = try ReportBatchProcess.run(["summarize", "o"], in: folder.path)
        #expect(summarize.status == 75, "summarize waits for every shard to end: \(summarize.stderr)")
        withExtendedLifetime((root, own)) {}
    }

    /// The shard of a family is FNV-1a 64 of its id's UTF-8 bytes mod N (computed here again in
    /// Python), whatever order the rows were inserted in and whatever other families there are.
    @Test func aFamilysShardDependsOnItsIdAlone() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ids = (0..<24).map { "fam-\($0)-" + String(repeating: "é", count: $0 % 3) + "\($0 * 7919)" }
        for (name, order) in [
            ("forward.db", ids), ("backward.db", Array(ids.reversed())), ("more.db", ids + ["extra-1", "extra-2"]),
        ] {
            try Fixture.database(at: folder.file(name)) { f in
                for id in order {
                    try f.family(id, name: "Family \(id)")
                    try f.school("s-\(id)", family: id)
                }
            }
        }
        let script = """
            import sys
            for id in sys.argv[2:]:
                h = 0xcbf29ce484222325
                for b in id.encode('utf-8'):
                    h = ((h ^ b) * 0x100000001b3) % (1 << 64)
                print(id, h % int(sys.argv[1]))
            """
        for count in [2, 3, 5] {
            let expected = try ReportBatchProcess.tool("python3", ["-c", script, "\(count)"] + ids).stdout
                .split(separator: "\n").map { $0.split(separator: " ") }.reduce(into: [String: Int]()) {
                    $0[String($1[0])] = Int($1[1])
                }
            for name in ["forward.db", "backward.db", "more.db"] {
                for shard in 0..<count {
                    let result = try ReportBatchProcess.run(
                        [
                            "run", Self.weekly, "--db", name, "--out", "o", "--now", Self.now, "--dry-run",
                            "--shards", "\(count)", "--shard", "\(shard)",
                        ],
                        in: folder.path
                    )
                    #expect(result.status == 0, "\(result.stderr)")
                    let listed = Set(
                        ids.filter { id in result.stdout.contains("/\(Slug.family(name: "Family \(id)", id: id))/") }
                    )
                    #expect(
                        listed == Set(ids.filter { expected[$0] == shard }),
                        "\(name) \(shard) of \(count): \(listed.sorted())"
                    )
                }
            }
        }
    }

    @Test func summarizeNamesMissingShardsAndRefusesAMixedSet() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        func shard(_ k: Int, of n: Int, now: String = Self.now, job: String = Self.weekly) throws {
            let result = try ReportBatchProcess.run(
                [
                    "run", job, "--db", "demo.db", "--out", "o", "--now", now, "--shards", "\(n)", "--shard", "\(k)",
                    "--quiet",
                ],
                in: folder.path
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        func summarize() throws -> CommandResult { try ReportBatchProcess.run(["summarize", "o"], in: folder.path) }

        let none = try summarize()
        #expect(none.status == 1 && none.stderr.contains("does not exist"), "\(none.stderr)")
        try shard(0, of: 4)
        try shard(2, of: 4)
        let missing = try summarize()
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(
            missing.stderr
                == "report-batch: error: shards 1-of-4, 3-of-4 have no outcome file in 'o/shards' (not run yet, still running, or stopped before the end); run them with the same job, --now and --db, then summarize again\n",
            "\(missing.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.file("o/summary.txt")))

        try shard(1, of: 4, now: "2026-11-24T09:00:00Z")
        let clocks = try summarize()
        #expect(
            clocks.status == 65
                && clocks.stderr.contains(
                    "not shards of one run: different clocks (2026-11-24T09:00:00Z and 2026-11-23T09:00:00Z)"
                ),
            "\(clocks.stderr)"
        )

        let edited = folder.file("edited.yaml")
        try (String(contentsOfFile: Self.weekly, encoding: .utf8) + "\n# edited\n").write(
            toFile: edited,
            atomically: true,
            encoding: .utf8
        )
        try shard(1, of: 4, job: edited)
        let jobs = try summarize()
        #expect(
            jobs.status == 65 && jobs.stderr.contains("not shards of one run: different job files"),
            "\(jobs.stderr)"
        )

        try shard(1, of: 4)
        try shard(3, of: 4)
        try shard(0, of: 2)
        let counts = try summarize()
        #expect(
            counts.status == 65 && counts.stderr.contains("different shard counts (0-of-2.json, 0-of-4.json"),
            "\(counts.stderr)"
        )
        try FileManager.default.removeItem(atPath: folder.file("o/shards/0-of-2.json"))
        #expect(try summarize().status == 0)

        try "{\"schemaVersion\": 1}".write(
            toFile: folder.file("o/shards/3-of-4.json"),
            atomically: true,
            encoding: .utf8
        )
        let damaged = try summarize()
        #expect(
            damaged.status == 65
                && damaged.stderr.contains("3-of-4.json' is not a shard outcome file report-batch can read"),
            "\(damaged.stderr)"
        )
    }

    /// An outcome file whose families were edited (one removed, one copied into another
    /// shard's file) is refused, naming the file; so is a file too large to be an outcome file.
    @Test func summarizeRefusesAFamilyMissingOrTwiceAndAnOversizedFile() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        for k in 0..<2 {
            let result = try ReportBatchProcess.run(
                [
                    "run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--shards", "2", "--shard",
                    "\(k)",
                    "--quiet",
                ],
                in: folder.path
            )
            try #require(result.status == 0, "\(result.stderr)")
        }
        let shards = folder.file("o/shards")
        let original = try Data(contentsOf: URL(fileURLWithPath: shards + "/1-of-2.json"))
        func edit(_ python: String) throws {
            let edited = try ReportBatchProcess.tool(
                "python3",
                [
                    "-c",
                    """
                    import json, sys
                    path, other = sys.argv[1] + '/1-of-2.json', sys.argv[1] + '/0-of-2.json'
                    data = json.load(open(path))
                    \(python)
                    json.dump(data, open(path, 'w'))
                    """, shards,
                ]
            )
            try #require(edited.status == 0, "\(edited.stderr)")
        }
        func summarize() throws -> CommandResult { try ReportBatchProcess.run(["summarize", "o"], in: folder.path) }
        // A family taken out, its count with it: a gap in the run's positions.
        try edit("data['families'].pop(0); data['counts']['families'] -= 1")
        let gap = try summarize()
        #expect(
            gap.status == 65 && gap.stderr.contains("no outcome file in 'o/shards' holds the family at position"),
            "\(gap.stderr)"
        )
        // A family taken out, its count left: the file is named.
        try original.write(to: URL(fileURLWithPath: shards + "/1-of-2.json"))
        try edit("data['families'].pop(0)")
        let counted = try summarize()
        #expect(
            counted.status == 65
                && counted.stderr.contains("1-of-2.json' is not a shard outcome file report-batch can read: it counts"),
            "\(counted.stderr)"
        )
        // Another shard's family copied in: both files are named.
        try original.write(to: URL(fileURLWithPath: shards + "/1-of-2.json"))
        try edit("data['families'].append(json.load(open(other))['families'][0]); data['counts']['families'] += 1")
        let twice = try summarize()
        #expect(
            twice.status == 65 && twice.stderr.contains("1-of-2.json and 0-of-2.json both hold the family at position")
                || twice.stderr.contains("0-of-2.json and 1-of-2.json both hold the family at position"),
            "\(twice.stderr)"
        )
        // A file larger than any outcome file is refused before it is read (a sparse file: no disk used).
        try original.write(to: URL(fileURLWithPath: shards + "/1-of-2.json"))
        #expect(try summarize().status == 0)
        #expect(truncate(shards + "/1-of-2.json", 300 << 20) == 0)
        let large = try summarize()
        #expect(
            large.status == 65
                && large.stderr.contains(
                    "1-of-2.json' is not a shard outcome file report-batch can read: it holds 314572800 bytes"
                ),
            "\(large.stderr)"
        )
    }

    /// An outcome file that names a shard no run has, in its name and inside alike (here
    /// 0-of-99999999999), is refused in one line naming it, before summarize counts the
    /// shards it would lack.
    @Test func summarizeRefusesAShardCountNoRunHas() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--shards", "2", "--shard", "0"]
                + ["--quiet"],
            in: folder.path
        )
        try #require(result.status == 0, "\(result.stderr)")
        let shards = folder.file("o/shards")
        let edited = try ReportBatchProcess.tool(
            "python3",
            [
                "-c",
                """
                import json, os, sys
                path = sys.argv[1] + '/0-of-2.json'
                data = json.load(open(path))
                data['shards'] = 99999999999
                json.dump(data, open(sys.argv[1] + '/0-of-99999999999.json', 'w'))
                os.remove(path)
                """, shards,
            ]
        )
        try #require(edited.status == 0, "\(edited.stderr)")
        let summarize = try ReportBatchProcess.run(["summarize", "o"], in: folder.path)
        #expect(summarize.status == 65, "\(summarize.status) \(summarize.stderr)")
        #expect(
            summarize.stderr
                == "report-batch: error: 'o/shards/0-of-99999999999.json' is not a shard outcome file report-batch can read: it says it is shard 0-of-99999999999, which no run has (1 to 1024 shards, K from 0 to N − 1)\n",
            "\(summarize.stderr)"
        )
        #expect(summarize.stdout.isEmpty, "\(summarize.stdout)")
    }

    @Test(arguments: [
        (["--shard", "1"], "--shard needs --shards N, the number of shards of the run"),
        (
            ["--shards", "3"],
            "--shards needs the shard's number: give --shard K (0 to N − 1), or run where JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job)"
        ),
        (["--shards", "3", "--shard", "3"], "the shard must be from 0 to 2 for --shards 3 (got 3)"),
        (["--shards", "0", "--shard", "0"], "--shards must be from 1 to 1024 (got 0)"),
    ])
    func aBadShardOptionIsAUsageError(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let result = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "x.db", "--now", Self.now] + arguments,
            in: folder.path
        )
        #expect(result.status == 64)
        #expect(result.stderr == "report-batch: error: \(message)\n", "\(result.stderr)")
    }

    /// K comes from a Kubernetes Indexed Job's variable; without --now the shards could not share a clock.
    @Test func theShardComesFromJobCompletionIndexAndNeedsAClock() throws {
        let folder = try Self.demo()
        defer { folder.remove() }
        let indexed = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--shards", "2"],
            in: folder.path,
            environment: ["JOB_COMPLETION_INDEX": "1"]
        )
        #expect(indexed.status == 0 && indexed.stdout.hasPrefix("shard 1-of-2: "), "\(indexed.stdout)\(indexed.stderr)")
        // With --quiet a shard that did its part says nothing (summarize speaks for the run).
        let quiet = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--now", Self.now, "--shards", "2", "--quiet"],
            in: folder.path,
            environment: ["JOB_COMPLETION_INDEX": "1"]
        )
        #expect(quiet.status == 0 && quiet.stdoutData.isEmpty, "\(quiet.stdout)")
        let noClock = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "o", "--shards", "2", "--shard", "0"],
            in: folder.path
        )
        #expect(noClock.status == 64 && noClock.stderr.contains("--shards needs --now"), "\(noClock.stderr)")
        // --shards 1 is the whole run: a summary, no outcome file.
        let one = try ReportBatchProcess.run(
            ["run", Self.weekly, "--db", "demo.db", "--out", "one", "--shards", "1", "--quiet"],
            in: folder.path
        )
        #expect(
            one.status == 0 && FileManager.default.fileExists(atPath: folder.file("one/summary.txt")),
            "\(one.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: folder.file("one/shards")))
    }

    /// Over the demo's 1,000 families, for every N from 1 to 16, the shards' selections hold
    /// every family exactly once, each at its place in the whole list, in the whole list's order.
    @Test func everyFamilyLandsInExactlyOneShard() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let demo = try ReportBatchProcess.run(
            ["demo", "--out", "demo.db", "--families", "1000", "--now", Self.now],
            in: folder.path
        )
        try #require(demo.status == 0, "\(demo.stderr)")
        let families = try SQLiteSource(path: folder.file("demo.db")).familiesByName()
        #expect(families.count == 1000)
        for count in 1...16 {
            var seen = [Int](repeating: 0, count: families.count)
            var sizes: [Int] = []
            for index in 0..<count {
                let (positions, selected) = try Shard(index: index, count: count).select(families)
                #expect(positions == positions.sorted() && selected.map(\.id) == positions.map { families[$0].id })
                for position in positions { seen[position] += 1 }
                sizes.append(positions.count)
            }
            #expect(seen.allSatisfy { $0 == 1 }, "N = \(count): a family in no shard or in two")
            // The hash spreads them: no shard is more than twice the mean (1,000 families).
            #expect(sizes.max()! * count <= 2 * families.count, "N = \(count): \(sizes)")
        }
    }

    /// The README's "Many machines" says what the tool does: its Kubernetes manifest parses,
    /// the shards' job is indexed with completions = parallelism = --shards, and its Python
    /// shard function gives each family the shard report-batch gives it.
    @Test func theReadmesManifestAndHashAgreeWithTheTool() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("README.md").path
        let ids = ["1cc52098-ced2-a019-76ce-e8561ad8beeb", "813ad83c-cb64-15fb-fbff-394c8df1f7dd", "田中-family", ""]
        let script = """
            import re, sys, textwrap, yaml
            text = open(sys.argv[1], encoding='utf-8').read()
            section = text[text.index('## Many machines'):text.index('## Exit codes')]
            jobs = list(yaml.safe_load_all(re.search(r'```yaml\\n(.*?)```', section, re.S).group(1)))
            shards = jobs[0]['spec']['jobTemplate']['spec']
            args = ' '.join(shards['template']['spec']['containers'][0]['args'])
            n = int(re.search(r'--shards (\\d+)', args).group(1))
            assert shards['completionMode'] == 'Indexed' and shards['completions'] == shards['parallelism'] == n, shards
            assert '--shard ' not in args and '--now' in args, args
            assert jobs[1]['spec']['jobTemplate']['spec']['template']['spec']['containers'][0]['command'][:2] == ['report-batch', 'summarize']
            exec(textwrap.dedent(re.search(r'```python\\n(.*?)```', section, re.S).group(1)))
            for id in sys.argv[2:]: print(shard(id, 7))
            """
        let result = try ReportBatchProcess.tool("python3", ["-c", script, readme] + ids)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == ids.map { "\(Shard.of(familyID: $0, count: 7))\n" }.joined(), "\(result.stdout)")
    }
}
