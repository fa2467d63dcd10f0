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
            if descriptor >= 0, record.count <= Int(Int32.max), Self.writeAll(record, to: descriptor, at: state.end) {
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
        let read = place.length < 0 ? -1 : bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(place.offset)) }
        if read == bytes.count, let outcome = OutcomeRecord.decode(bytes, family: family) { return outcome }
        let reason = place.length < 0 ? "no outcome was recorded" : "the run's temporary outcome file could not be read back"
        state.withLock { if $0.readFailure == nil { $0.readFailure = reason } }
        return FamilyOutcome(family: family, folder: "", status: .failed(reason), files: [], warnings: [])
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, at offset: Int64) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset) + off_t(done)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }
}

/// A family's outcome as bytes: a status, strings as a length and UTF-8, numbers as 8
/// little-endian bytes. The family itself is not stored; the run knows it by position.
enum OutcomeRecord {
    static func encode(_ outcome: FamilyOutcome) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        func number(_ value: Int) { withUnsafeBytes(of: Int64(value).littleEndian) { bytes += $0 } }
        func text(_ value: String) { number(value.utf8.count); bytes += value.utf8 }
        switch outcome.status {
        case .ok: bytes.append(0)
        case .skippedNoData: bytes.append(1)
        case .failed(let reason): bytes.append(2); text(reason)
        }
        text(outcome.folder)
        number(outcome.files.count)
        for file in outcome.files {
            text(file.name)
            text(file.format)
            number(file.bytes)
            text(file.sha256)
            number(file.rows ?? -1)
        }
        number(outcome.warnings.count)
        outcome.warnings.forEach(text)
        text(outcome.range.map { $0.lowerBound.description } ?? "")
        text(outcome.range.map { $0.upperBound.description } ?? "")
        for count in [outcome.mail.written, outcome.mail.sent, outcome.mail.failed] { number(count) }
        for reason in NotSentReason.allCases { number(outcome.mail.notSent[reason] ?? 0) }
        return bytes
    }

    /// The outcome, or nil when the bytes are not a whole record.
    static func decode(_ bytes: [UInt8], family: FamilyUnit) -> FamilyOutcome? {
        var position = 0
        func number() -> Int? {
            guard position + 8 <= bytes.count else { return nil }
            var value: Int64 = 0
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes[position..<position + 8]) }
            position += 8
            return Int(Int64(littleEndian: value))
        }
        func text() -> String? {
            guard let length = number(), length >= 0, position + length <= bytes.count else { return nil }
            defer { position += length }
            return String(decoding: bytes[position..<position + length], as: UTF8.self)
        }
        guard position < bytes.count else { return nil }
        let kind = bytes[position]
        position += 1
        let status: FamilyOutcome.Status
        switch kind {
        case 0: status = .ok
        case 1: status = .skippedNoData
        case 2:
            guard let reason = text() else { return nil }
            status = .failed(reason)
        default: return nil
        }
        guard let folder = text(), let fileCount = number(), fileCount >= 0 else { return nil }
        var files: [ManifestFile] = []
        for _ in 0..<fileCount {
            guard let name = text(), let format = text(), let size = number(), let sha256 = text(), let rows = number() else { return nil }
            files.append(ManifestFile(name: name, format: format, bytes: size, sha256: sha256, rows: rows < 0 ? nil : rows))
        }
        guard let warningCount = number(), warningCount >= 0 else { return nil }
        var warnings: [String] = []
        for _ in 0..<warningCount {
            guard let warning = text() else { return nil }
            warnings.append(warning)
        }
        guard let from = text(), let to = text() else { return nil }
        var mail = MailCounts()
        guard let written = number(), let sent = number(), let failed = number() else { return nil }
        (mail.written, mail.sent, mail.failed) = (written, sent, failed)
        for reason in NotSentReason.allCases {
            guard let count = number() else { return nil }
            if count > 0 { mail.notSent[reason] = count }
        }
        guard position == bytes.count else { return nil }
        var range: ClosedRange<CivilDate>?
        if let first = CivilDate(iso: from), let last = CivilDate(iso: to), first <= last { range = first...last }
        var outcome = FamilyOutcome(family: family, folder: folder, status: status, files: files, warnings: warnings, range: range)
        outcome.mail = mail
        return outcome
    }
}
