import Aggregation
import Core
import Exporters
import Foundation

/// A family folder's `manifest.json` (docs/cli.md, "What a run does"), as it is written; a
/// rerun reads back only its delivery records (`sentRecords(in:)`).
struct ManifestDocument: Encodable {
    struct Family: Encodable {
        var id: String
        var name: String
    }

    struct Days: Encodable {
        var from: String
        var to: String
        var preset: String?

        private enum CodingKeys: String, CodingKey {
            case from, to, preset
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(preset, forKey: .preset)
        }
    }

    /// A row a job with `bad_rows: skip` left out, one entry per problem.
    struct LeftOutRow: Encodable {
        var table: String
        var row: String
        var column: String?
        var problem: String

        private enum CodingKeys: String, CodingKey {
            case table, row, column, problem
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(table, forKey: .table)
            try container.encode(row, forKey: .row)
            try container.encode(column, forKey: .column)
            try container.encode(problem, forKey: .problem)
        }
    }

    var schemaVersion = 1
    var tool = ToolVersion.creator
    var family: Family
    /// `ok`, `skipped: no data` or `failed: <reason>`.
    var status: String
    var range: Days
    var timezone: String
    var generatedAt: String
    var files: [ManifestFile]
    var warnings: [String]
    var leftOutRows: [LeftOutRow]
    /// Each recap e-mail: written, sent, failed, or not sent and why (docs/delivery.md).
    var delivery: [DeliveryRecord]

    init(
        _ outcome: FamilyOutcome,
        range: DateRange,
        zone: Zone,
        generatedAt: Instant,
        leftOut: [DataIssue],
        delivery: [DeliveryRecord]
    ) {
        family = Family(id: outcome.family.id, name: outcome.family.displayName)
        status = outcome.status.text
        self.range = Days(from: range.from.description, to: range.to.description, preset: range.preset?.rawValue)
        timezone = zone.identifier
        self.generatedAt = generatedAt.iso8601
        files = outcome.files
        warnings = outcome.warnings
        leftOutRows = leftOut.map { LeftOutRow(table: $0.table, row: $0.rowID, column: $0.column, problem: $0.problem) }
        self.delivery = delivery
    }

    /// The manifest as written: the project's JSON, two spaces a level, a final newline.
    func serialized() throws -> String { try JSONValueEncoder().encode(self).serialized() }

    /// The records with status `sent` of the manifest in `folder`, in its order; none when
    /// there is no manifest or it is not one. Only the delivery list is read (a manifest of an
    /// earlier version may lack keys this one writes), and a record that is not one is skipped.
    static func sentRecords(in folder: String) -> [DeliveryRecord] {
        guard
            let data = FileManager.default.contents(
                atPath: (folder as NSString).appendingPathComponent("manifest.json")
            ),
            let list = try? JSONDecoder().decode(DeliveryList.self, from: data)
        else { return [] }
        return list.records.filter(\.wasSent)
    }

    /// A manifest's delivery list, read by the keys this type writes.
    private struct DeliveryList: Decodable {
        let records: [DeliveryRecord]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ManifestDocument.CodingKeys.self)
            records = try container.decode([Lenient].self, forKey: .delivery).compactMap(\.record)
        }

        /// A record, or nil for an entry that is not one.
        struct Lenient: Decodable {
            let record: DeliveryRecord?
            init(from decoder: any Decoder) throws { record = try? DeliveryRecord(from: decoder) }
        }
    }
}
