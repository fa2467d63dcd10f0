import Core
import Foundation

/// One of N parts of a run spread over several processes or machines (docs/cli.md, "Many
/// machines"). A family belongs to shard K of N when the FNV-1a 64 hash of its id's UTF-8
/// bytes, taken mod N, is K: the split depends on the ids alone, never on the database's
/// order, and any other tool can compute it.
package struct Shard: Sendable, Equatable {
    /// K, from 0 to `count` − 1.
    package let index: Int
    /// N (the command line runs N = 1 as a plain run, without a shard).
    package let count: Int

    /// The most shards a run may have: far more machines than a run of families needs, and a
    /// bound on the outcome files `summarize` reads.
    package static let maximum = 1024

    /// - Throws: `UsageError` unless 0 ≤ index < count ≤ `maximum`.
    package init(index: Int, count: Int) throws {
        guard (1...Self.maximum).contains(count) else {
            throw UsageError("--shards must be from 1 to \(Self.maximum) (got \(count))")
        }
        guard (0..<count).contains(index) else {
            throw UsageError("the shard must be from 0 to \(count - 1) for --shards \(count) (got \(index))")
        }
        self.index = index
        self.count = count
    }

    /// `K-of-N`, as the shard's lock and outcome file are named.
    package var name: String { "\(index)-of-\(count)" }

    /// The shard of `familyID` among `count`.
    package static func of(familyID: String, count: Int) -> Int {
        Int(Slug.fnv1a64(familyID) % UInt64(count))
    }

    /// Whether the family with this id is this shard's.
    package func owns(_ familyID: String) -> Bool {
        Self.of(familyID: familyID, count: count) == index
    }

    /// This shard's families of a run's whole list, in its order, with their places in it.
    package func select(_ families: [FamilyUnit]) -> (positions: [Int], families: [FamilyUnit]) {
        let positions = families.indices.filter { owns(families[$0].id) }
        return (positions, positions.map { families[$0] })
    }

    /// K from the command line, else from `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job's pod).
    /// - Throws: `UsageError` when neither gives it, or the variable is not a whole number.
    package static func index(option: Int?, environment: [String: String]) throws -> Int {
        if let option { return option }
        guard let text = environment["JOB_COMPLETION_INDEX"] else {
            throw UsageError(
                "--shards needs the shard's number: give --shard K (0 to N − 1), or run where JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job)"
            )
        }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError("JOB_COMPLETION_INDEX must be a whole number, the shard's K (got \(Quote.value(text)))")
        }
        return value
    }
}
