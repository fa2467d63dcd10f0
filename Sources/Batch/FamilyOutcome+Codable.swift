import Aggregation
import Core
import Delivery
import Foundation

/// A saved record that cannot be read back, and what is wrong with it, in words that finish
/// the reader's sentence ("… is not a shard outcome file report-batch can read: <reason>").
struct UnreadableRecord: Error, Equatable {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// A family's outcome as it is saved: in a shard's outcome file (after its `position`) and in
/// the run's `OutcomeSpool`. The family itself is saved as its id and name; every key is
/// written, null when it has no value.
extension FamilyOutcome: Codable {
    enum CodingKeys: String, CodingKey {
        case id, name, status, reason, folder, range, files, warnings, mail
    }

    /// The days of `range` as saved.
    private enum DaysKeys: String, CodingKey {
        case from, to
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let (status, reason): (String, String?) =
            switch status {
            case .ok: ("ok", nil)
            case .skippedNoData: ("skipped", nil)
            case .failed(let reason): ("failed", reason)
            }
        try container.encode(family.id, forKey: .id)
        try container.encode(family.familyName, forKey: .name)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(folder, forKey: .folder)
        if let range {
            var days = container.nestedContainer(keyedBy: DaysKeys.self, forKey: .range)
            try days.encode(range.lowerBound.description, forKey: .from)
            try days.encode(range.upperBound.description, forKey: .to)
        } else {
            try container.encodeNil(forKey: .range)
        }
        try container.encode(files, forKey: .files)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(mail, forKey: .mail)
    }

    /// - Throws: `UnreadableRecord` naming what is missing or wrong: the entry, one of its
    ///   files, its status or its message counts. A name, a reason or days that cannot be
    ///   read are left out, as they are not needed to merge a run.
    package init(from decoder: any Decoder) throws {
        let incomplete = UnreadableRecord("a family's entry is incomplete")
        guard let container = try? decoder.container(keyedBy: CodingKeys.self),
            let id = try? container.decode(String.self, forKey: .id),
            let statusText = try? container.decode(String.self, forKey: .status),
            let folder = try? container.decode(String.self, forKey: .folder),
            let warnings = try? container.decode([String].self, forKey: .warnings)
        else { throw incomplete }
        let status: Status
        switch statusText {
        case "ok": status = .ok
        case "skipped": status = .skippedNoData
        case "failed": status = .failed(((try? container.decodeIfPresent(String.self, forKey: .reason)) ?? nil) ?? "")
        default: throw UnreadableRecord("family \(id) has the status \(Quote.value(statusText))")
        }
        var range: ClosedRange<CivilDate>?
        if let days = try? container.decodeIfPresent([String: String].self, forKey: .range),
            let from = days["from"].flatMap(CivilDate.init(iso:)),
            let to = days["to"].flatMap(CivilDate.init(iso:)), from <= to
        {
            range = from...to
        }
        let files: [ManifestFile]
        let mail: MailCounts
        do { files = try container.decode([ManifestFile].self, forKey: .files) } catch is UnreadableRecord {
            throw UnreadableRecord("a file of family \(id) is incomplete")
        } catch { throw incomplete }
        do { mail = try container.decode(MailCounts.self, forKey: .mail) } catch let error as UnreadableRecord {
            let range = error == MailCounts.outOfRange ? " from 0 to \(MailCounts.maximumSavedCount)" : ""
            throw UnreadableRecord("the messages of family \(id) are not counts\(range)")
        } catch { throw incomplete }
        let name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
        self.init(
            family: FamilyUnit(id: id, familyName: name, createdAt: nil),
            folder: folder,
            status: status,
            files: files,
            warnings: warnings,
            range: range,
            mail: mail
        )
    }

    /// The same outcome, of `family` (a saved outcome knows its family by id and name only).
    func of(_ family: FamilyUnit) -> FamilyOutcome { copy(family: family, folder: folder) }

    /// The same outcome, its folder `folder`.
    func inFolder(_ folder: String) -> FamilyOutcome { copy(family: family, folder: folder) }

    private func copy(family: FamilyUnit, folder: String) -> FamilyOutcome {
        FamilyOutcome(
            family: family,
            folder: folder,
            status: status,
            files: files,
            warnings: warnings,
            range: range,
            mail: mail
        )
    }
}

/// A file as the manifests and outcome files list it; `rows` is null for a file without rows.
extension ManifestFile: Codable {
    enum CodingKeys: String, CodingKey {
        case name, format, bytes, sha256, rows
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(format, forKey: .format)
        try container.encode(bytes, forKey: .bytes)
        try container.encode(sha256, forKey: .sha256)
        try container.encode(rows, forKey: .rows)
    }

    /// - Throws: a `DecodingError` for a value that is not an object, `UnreadableRecord` for
    ///   one that lacks a name, format, size or checksum. Rows that are not a count read as none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let name = try? container.decode(String.self, forKey: .name),
            let format = try? container.decode(String.self, forKey: .format),
            let bytes = try? container.decode(Int.self, forKey: .bytes),
            let sha256 = try? container.decode(String.self, forKey: .sha256)
        else { throw UnreadableRecord("a file is incomplete") }
        self.init(
            name: name,
            format: format,
            bytes: bytes,
            sha256: sha256,
            rows: (try? container.decodeIfPresent(Int.self, forKey: .rows)) ?? nil
        )
    }
}

/// A family's messages as saved: `{"written", "sent", "failed", "notSent": {reason: count}}`,
/// the reasons that occurred in `NotSentReason`'s order.
extension MailCounts: Codable {
    enum CodingKeys: String, CodingKey {
        case written, sent, failed, notSent
    }

    /// A reason, or any key a file may hold instead.
    private struct ReasonKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(written, forKey: .written)
        try container.encode(sent, forKey: .sent)
        try container.encode(failed, forKey: .failed)
        var reasons = container.nestedContainer(keyedBy: ReasonKey.self, forKey: .notSent)
        for reason in NotSentReason.allCases {
            if let count = notSent[reason] {
                try reasons.encode(count, forKey: ReasonKey(stringValue: reason.rawValue))
            }
        }
    }

    /// The most messages of one kind a saved family may count. A family's recipients are its
    /// members, or the job's list of addresses, each with an `.eml` of its own: no run comes
    /// near a million. And with at most `ShardOutcomes.maximumFileSize / 64` (4,194,304)
    /// families in a run, a summary's sums stay far below `Int.max` (about 4.2 × 10^12 for each
    /// kind, 7 times that for the reasons not sent together), where an unchecked count such as
    /// `Int.max` would trap.
    static let maximumSavedCount = 1_000_000

    static let notCounts = UnreadableRecord("the messages are not counts")
    static let outOfRange = UnreadableRecord("the messages are not counts from 0 to \(maximumSavedCount)")

    /// - Throws: a `DecodingError` for a value that is not an object, `UnreadableRecord` for a
    ///   count that is not a whole number (`notCounts`) or is out of 0...`maximumSavedCount`
    ///   (`outOfRange`), or a reason that is not one.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        guard let written = try? container.decode(Int.self, forKey: .written),
            let sent = try? container.decode(Int.self, forKey: .sent),
            let failed = try? container.decode(Int.self, forKey: .failed),
            let reasons = try? container.nestedContainer(keyedBy: ReasonKey.self, forKey: .notSent)
        else { throw Self.notCounts }
        (self.written, self.sent, self.failed) = (written, sent, failed)
        for key in reasons.allKeys {
            guard let reason = NotSentReason(rawValue: key.stringValue),
                let count = try? reasons.decode(Int.self, forKey: key)
            else { throw Self.notCounts }
            notSent[reason] = count
        }
        let counts = [written, sent, failed] + Array(notSent.values)
        guard counts.allSatisfy((0...Self.maximumSavedCount).contains) else { throw Self.outOfRange }
    }
}
