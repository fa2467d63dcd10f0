import Aggregation
import Delivery
import Foundation
import Synchronization

/// The outcomes of a run's families, kept in a temporary file instead of in memory, so
/// that a run's memory does not grow with the number of families: each finished family's
/// folder, files, checksums and warnings go to the file, and memory keeps only where each
/// one lies and the counts. The file is unlinked as soon as it is made, so nothing is left
/// behind, whatever ends the run.
///
/// If the temporary file cannot be made or written (a full or read-only temporary
/// folder), outcomes are kept in memory instead: the run is the same, only larger.
final class OutcomeSpool: Sendable {
    private let descriptor: Int32
    private let families: [FamilyUnit]
    /// Everything that changes as families finish, behind one lock.
    private let state: Mutex<State>

    private struct State {
        var end: Int64 = 0
        /// Where each family's outcome lies in the file, by the family's position in the run.
        var places: [(offset: Int64, length: Int32)]
        /// Outcomes kept in memory when the file failed.
        var kept: [Int: FamilyOutcome] = [:]
        var ok = 0, skipped = 0, failed = 0
        /// Why an outcome could not be read back, once one could not.
        var readFailure: String?
    }

    /// - Parameter folder: where the temporary file is made; the system's temporary folder.
    init(families: [FamilyUnit], folder: String = NSTemporaryDirectory()) {
        self.families = families
        state = Mutex(State(places: Array(repeating: (0, -1), count: families.count)))
        var template = Array((folder as NSString).appendingPathComponent("report-batch-outcomes-XXXXXX").utf8CString)
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 { template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) } }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var count: Int { families.count }
    var ok: Int { state.withLock { $0.ok } }
    var skipped: Int { state.withLock { $0.skipped } }
    var failed: Int { state.withLock { $0.failed } }
    var readFailure: String? { state.withLock { $0.readFailure } }

    /// How many outcomes are held in memory because the file failed (for tests).
    var keptInMemory: Int { state.withLock { $0.kept.count } }

    /// Records the outcome of the family at `index`; any worker may call it.
    func record(_ outcome: FamilyOutcome, at index: Int) {
        let record = OutcomeRecord.encode(outcome)
        state.withLock { state in
            switch outcome.status {
            case .ok: state.ok += 1
            case .skippedNoData: state.skipped += 1
            case .failed: state.failed += 1
            }
            if descriptor >= 0, !record.isEmpty, record.count <= Int(Int32.max),
                Self.writeAll(record, to: descriptor, at: state.end)
            {
                state.places[index] = (state.end, Int32(record.count))
                state.end += Int64(record.count)
            } else {
                state.kept[index] = outcome
            }
        }
    }

    /// The outcome of the family at `index`. An outcome that cannot be read back (the
    /// temporary file failed under the run) reads as failed and sets `readFailure`.
    func outcome(at index: Int) -> FamilyOutcome {
        let family = families[index]
        let (place, memory) = state.withLock { ($0.places[index], $0.kept[index]) }
        if let memory { return memory }
        var bytes = [UInt8](repeating: 0, count: Int(max(place.length, 0)))
        let read =
            place.length < 0
            ? -1 : bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(place.offset)) }
        if read == bytes.count, let outcome = OutcomeRecord.decode(bytes, family: family) { return outcome }
        let reason =
            place.length < 0 ? "no outcome was recorded" : "the run's temporary outcome file could not be read back"
        state.withLock { if $0.readFailure == nil { $0.readFailure = reason } }
        return FamilyOutcome(family: family, folder: "", status: .failed(reason), files: [], warnings: [])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset) + off_t(done))
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }
}

/// A family's outcome as the spool keeps it: the outcome's saved form (`FamilyOutcome`'s
/// `Codable`, as in a shard's outcome file) in compact JSON. The family is saved by id and name
/// only; the run knows it by position, and a record read back is given the run's own.
enum OutcomeRecord {
    /// The record's bytes; empty when the outcome cannot be encoded (it is then kept in memory).
    static func encode(_ outcome: FamilyOutcome) -> [UInt8] {
        (try? JSONEncoder().encode(outcome)).map(Array.init) ?? []
    }

    /// The outcome, or nil when the bytes are not a whole record.
    static func decode(_ bytes: [UInt8], family: FamilyUnit) -> FamilyOutcome? {
        (try? JSONDecoder().decode(FamilyOutcome.self, from: Data(bytes)))?.of(family)
    }
}
