import Aggregation
import BatchTestSupport
import Foundation
import TestFixtures
import TestSupport
import Testing

/// `--workers N` runs N families at once, whatever the number of cores.
struct BatchWorkersTests {
    /// Counts the families in flight: each family's start waits (up to a safety limit) until
    /// `target` families have started, so a run that allows fewer at once never reaches it.
    final class Barrier: @unchecked Sendable {  // every field is read and written under `condition`
        private let condition = NSCondition()
        private let target: Int
        private var started = 0
        private(set) var mostAtOnce = 0
        private var inFlight = 0

        init(target: Int) { self.target = target }

        func began() {
            condition.lock()
            started += 1
            inFlight += 1
            mostAtOnce = max(mostAtOnce, inFlight)
            condition.broadcast()
            let limit = Date().addingTimeInterval(20)
            while started < target, condition.wait(until: limit) {}
            condition.unlock()
        }

        func finished() {
            condition.lock()
            inFlight -= 1
            condition.unlock()
        }

        var most: Int {
            condition.lock()
            defer { condition.unlock() }
            return mostAtOnce
        }
    }

    @Test(arguments: [3, 6])
    func nWorkersRunNFamiliesAtOnce(workers: Int) throws {
        // 6 is more than this project's machines have cores (2), so a cap at the cores shows.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("many.db")
        try Fixture.database(at: database) { f in
            for index in 0..<workers {
                try f.family("F\(index)", name: "Family \(index)")
                try f.school("s\(index)", family: "F\(index)")
            }
        }
        let barrier = Barrier(target: workers)
        let job =
            "families: all\nrange: {preset: last-30-days}\noutput: {folder: \"{family_slug}\"}\noutputs:\n  - report:\n    formats: [json]\n"
        let summary = try JobRun.run(job, database: database, in: folder, workers: workers) { event in
            switch event {
            case .began: barrier.began()
            case .finished: barrier.finished()
            default: break
            }
        }
        #expect(summary.ok == workers)
        #expect(barrier.most == workers)
    }
}
