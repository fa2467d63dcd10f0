import Aggregation
import Core
import Foundation
import GRDB
import GRDBSQLite

extension SQLiteSource {
    /// Counts a family's interactions for the coaches and schools lists in one pass, without
    /// decoding whole rows (BENCHMARKS.md: decoding them was 40 % of the 1,000-school comparison).
    ///
    /// `InteractionMark` checks each row's values where SQLite holds them and keeps the five
    /// the counts use. A row it does not find plainly good (a bad value, or one only the full
    /// reader can judge: an alias, JSON with `\u` escapes, a number in a text column) goes
    /// through `RowDecoders.interaction`, so the first bad row fails the count with the error
    /// `forEachInteraction` without a zone throws at it: both walk the family's rows in the same
    /// order, SQLite's, unsorted.
    package func tallyInteractions(familyID: String, loggedBy: String?, zone: Zone) throws -> InteractionTally {
        try reading { db in
            let log = IssueLog()
            var tally = InteractionTally(zone: zone)
            try db.eachRow(
                select(AppSchema.interactions, where: "family_unit_id = ?", orderBy: nil),
                arguments: [familyID],
                cached: true
            ) { row in
                if let mark = InteractionMark(checking: row, readingLoggedBy: loggedBy != nil) {
                    if loggedBy == nil || mark.loggedBy == loggedBy {
                        tally.add(schoolID: mark.schoolID, coachID: mark.coachID, date: mark.date)
                    }
                    return
                }
                guard let interaction = RowDecoders.interaction(row, log: log), log.count == 0 else {
                    throw BadDataError.badValues(path: path, familyID: familyID, issues: log.issues)
                }
                if loggedBy == nil || interaction.loggedBy == loggedBy { tally.add(interaction) }
            }
            return tally
        }
    }
}

/// What the lists count of an interaction, read from a row of `SQLiteSource.select` whose
/// every value is plainly good: nil when any value might break docs/data-model.md, which
/// `RowDecoders.interaction` then judges. It may send a good row there, never let a bad one
/// by; `InteractionTallyTests` holds it to the decoder, bad value by bad value.
struct InteractionMark {
    let schoolID: String?
    let coachID: String?
    /// Read only when asked: a list seen by the whole family does not look at it.
    let loggedBy: String?
    let date: Timestamp

    private static let column = Dictionary(
        uniqueKeysWithValues: AppSchema.interactions.columns.enumerated().map { ($0.element.name, $0.offset) }
    )
    private static func at(_ name: String) -> Int {
        guard let index = column[name] else { preconditionFailure("interactions has no column \(name)") }
        return index
    }
    private static let id = at("id"), familyUnitID = at("family_unit_id"), schoolID = at("school_id"),
        coachID = at("coach_id"), type = at("type"),
        direction = at("direction"), subject = at("subject"), content = at("content"), sentiment = at("sentiment"),
        occurredAt = at("occurred_at"), loggedBy = at("logged_by"), attachments = at("attachments"),
        createdAt = at("created_at"), updatedAt = at("updated_at")
    private static let types = InteractionType.allCases.map { Array($0.rawValue.utf8) }
    private static let directions = Direction.allCases.map { Array($0.rawValue.utf8) }
    private static let sentiments = Sentiment.allCases.map { Array($0.rawValue.utf8) }

    /// The row's type, direction and sentiment, as positions in their enums' `allCases`
    /// (sentiment nil when null): what `interaction(checking:)` makes its values of.
    private let kinds: (type: Int, direction: Int, sentiment: Int?)

    init?(checking row: SQLiteRow, readingLoggedBy: Bool) {
        typealias M = InteractionMark
        guard row.isPlainText(M.id, required: true, nonEmpty: true),
            case .value(let type) = row.match(M.type, M.types),
            case .value(let direction) = row.match(M.direction, M.directions),
            let sentiment = row.match(M.sentiment, M.sentiments).optional,
            row.isPlainText(M.subject), row.isPlainText(M.content),
            row.isPlainText(M.schoolID), row.isPlainText(M.coachID), row.isPlainText(M.loggedBy),
            row.isNullOrTimestamp(M.updatedAt), row.isNullOrStringArray(M.attachments),
            case .read(let occurredAt) = row.nullOrTimestamp(M.occurredAt),
            case .read(let createdAt) = row.nullOrTimestamp(M.createdAt),
            let date = occurredAt ?? createdAt
        else { return nil }
        schoolID = row.plainText(M.schoolID)
        coachID = row.plainText(M.coachID)
        loggedBy = readingLoggedBy ? row.plainText(M.loggedBy) : nil
        self.date = date
        kinds = (type, direction, sentiment)
    }

    /// The row as the report, the recap and the coaches and schools lists read it
    /// (`InteractionColumns.figures`): every value checked where SQLite holds it, and the
    /// subject, content, attachments and stored timestamps, which none of them shows, not made
    /// into values. Nil when a value is not plainly good: `RowDecoders.interaction` judges it.
    static func interaction(checking row: SQLiteRow) -> Interaction? {
        guard let mark = InteractionMark(checking: row, readingLoggedBy: true), let id = row.plainText(Self.id) else {
            return nil
        }
        var interaction = Interaction(
            id: id,
            familyUnitID: row.plainText(Self.familyUnitID) ?? "",
            type: InteractionType.allCases[mark.kinds.type],
            direction: Direction.allCases[mark.kinds.direction],
            date: mark.date
        )
        interaction.schoolID = mark.schoolID
        interaction.coachID = mark.coachID
        interaction.sentiment = mark.kinds.sentiment.map { Sentiment.allCases[$0] }
        interaction.loggedBy = mark.loggedBy
        return interaction
    }
}

extension SQLiteRow {
    /// Null (unless `required`) or text (non-empty when asked): what a text column reads
    /// without an issue; a number, which the reader turns into text, is left to it.
    fileprivate func isPlainText(_ index: Int, required: Bool = false, nonEmpty: Bool = false) -> Bool {
        switch sqlite3_column_type(statement, Int32(index)) {
        case SQLITE_NULL: !required
        case SQLITE_TEXT: !nonEmpty || sqlite3_column_bytes(statement, Int32(index)) > 0
        default: false
        }
    }

    /// What a column holds against an enum's stored values.
    fileprivate enum Match {
        case null
        /// Text that is `values[index]` byte for byte.
        case value(Int)
        /// Anything else, which the reader judges.
        case other

        /// The value of an optional column: `.some(nil)` for null, nil for `other`.
        var optional: Int?? {
            switch self {
            case .null: .some(nil)
            case .value(let index): .some(index)
            case .other: nil
            }
        }
    }

    /// Null, or the position in `values` of the text the column holds, byte for byte.
    fileprivate func match(_ index: Int, _ values: [[UInt8]]) -> Match {
        if isNull(index) { return .null }
        let found = withText(index) { bytes in
            values.firstIndex { value in
                guard value.count == bytes.count, let text = bytes.baseAddress else { return false }
                return value.withUnsafeBufferPointer { raw in
                    raw.baseAddress.map { memcmp($0, text, raw.count) == 0 } ?? false
                }
            }
        }
        return (found ?? nil).map(Match.value) ?? .other
    }

    fileprivate enum Checked<Value> {
        case read(Value?)
        case leftToTheReader
    }

    /// Null, or text that parses as a timestamp where SQLite holds it.
    fileprivate func nullOrTimestamp(_ index: Int) -> Checked<Timestamp> {
        if isNull(index) { return .read(nil) }
        guard let parsed = withText(index, Timestamp.parse(utf8:)), case .success(let timestamp) = parsed else {
            return .leftToTheReader
        }
        return .read(timestamp)
    }

    fileprivate func isNullOrTimestamp(_ index: Int) -> Bool {
        if case .read = nullOrTimestamp(index) { true } else { false }
    }

    fileprivate func isNullOrStringArray(_ index: Int) -> Bool {
        isNull(index) || withText(index) { JSONStringArray.isPlainArray(utf8: Array($0)[...]) } == true
    }

    /// Text as `FieldReader.text` reads it (a number as its decimal text), nil for null or a blob.
    func plainText(_ index: Int) -> String? {
        value(index).text
    }
}
