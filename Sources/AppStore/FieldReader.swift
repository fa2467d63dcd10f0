import Aggregation
import Core
import Foundation
import GRDB

/// Reads typed values from one row of an app table, recording a `DataIssue` (table, row
/// id, column, problem) for every value that breaks docs/data-model.md instead of crashing or
/// dropping it. Columns are looked up by name through the table's spec, so an optional
/// column that the database lacks reads as null.
struct FieldReader {
    let table: AppSchema.Table
    let row: SQLiteRow
    let log: IssueLog
    init(table: AppSchema.Table, row: SQLiteRow, log: IssueLog) {
        self.table = table
        self.row = row
        self.log = log
    }

    /// How messages name the row: `'abc'` for an id, `(user_id 'u1', category 'location')` for a pair.
    /// Computed only when a message needs it.
    var rowID: String {
        let parts = table.rowIdentity.map { column -> String in
            // Not through `text`, which records an issue for a blob and so asks for this name
            // again: a blob id once made that a recursion without end.
            let value = value(column)
            let shown = if case .blob = value { "(binary data)" } else { value.text.map { Quote.value($0) } ?? "null" }
            return table.rowIdentity.count == 1 ? shown : "\(column) \(shown)"
        }
        return table.rowIdentity.count == 1 ? parts[0] : "(" + parts.joined(separator: ", ") + ")"
    }

    /// Records a bad value of `column`. One of an optional column leaves its value null and
    /// the row in (docs/data-model.md, "Bad rows"); any other costs the row its place.
    func issue(_ column: String, _ problem: String) {
        var issue = DataIssue(table: table.name, rowID: rowID, column: column, problem: problem)
        issue.keepsRow = table.index(of: column).map { table.columns[$0].isOptional } ?? false
        log.record(issue)
    }

    private func value(_ column: String) -> SQLiteValue {
        guard let index = table.index(of: column) else { return .null }
        return row.value(index)
    }

    /// Text, or nil for null. A number in a text column reads as its decimal text; a blob is bad input.
    func text(_ column: String) -> String? {
        text(value(column), column)
    }

    private func text(_ value: SQLiteValue, _ column: String) -> String? {
        if case .blob = value { issue(column, "holds binary data where text is expected") }
        return value.text
    }

    /// Text that must be present; null records an issue.
    func requiredText(_ column: String) -> String? {
        let value = value(column)
        guard let text = text(value, column) else {
            if table.index(of: column) != nil, case .null = value { issue(column, "is null but is required") }
            return nil
        }
        return text
    }

    /// An id: required and non-empty.
    func identifier(_ column: String) -> String? {
        guard let text = requiredText(column) else { return nil }
        if text.isEmpty {
            issue(column, "is empty; ids must be non-empty text")
            return nil
        }
        return text
    }

    /// An enumeration value; an unknown or miscased raw string records an issue naming the accepted values.
    func enumeration<E: DomainEnum>(_ column: String, required: Bool = false) -> E? {
        guard let raw = required ? requiredText(column) : text(column) else { return nil }
        if let value = E.decode(raw) { return value }
        issue(column, "unknown value \(Quote.value(raw)) (accepted: \(E.acceptedValues.joined(separator: ", ")))")
        return nil
    }

    /// A timestamp in one of the forms of docs/data-model.md. Text is parsed where SQLite holds it.
    func timestamp(_ column: String) -> Timestamp? {
        guard let index = table.index(of: column) else { return nil }
        let parsed: Result<Timestamp, TimestampError>
        if let inPlace = row.withText(index, Timestamp.parse(utf8:)) {
            parsed = inPlace
        } else if let raw = text(row.value(index), column) {  // a number reads as its text, as elsewhere
            parsed = Result { () throws(TimestampError) in try Timestamp.parse(raw) }
        } else {
            return nil
        }
        switch parsed {
        case .success(let timestamp): return timestamp
        case .failure(let error):
            issue(column, error.description)
            return nil
        }
    }

    /// A finite number; text such as 'NaN' or 'abc', NaN and infinities record an issue.
    func real(_ column: String) -> Double? {
        switch value(column) {
        case .null: return nil
        case .integer(let number): return Double(number)
        case .real(let number):
            if number.isFinite { return number }
            issue(column, "is \(number), not a finite number")
            return nil
        case .text(let text):
            issue(column, "holds text \(Quote.value(text)) where a number is expected")
            return nil
        case .blob:
            issue(column, "holds binary data where a number is expected")
            return nil
        }
    }

    /// A whole number.
    func integer(_ column: String) -> Int? {
        switch value(column) {
        case .null: return nil
        case .integer(let number): return Int(number)
        case .real(let number):
            if number.isFinite, number.rounded() == number, abs(number) < 9e15 { return Int(number) }
            issue(column, "is \(number), not a whole number")
            return nil
        case .text(let text):
            issue(column, "holds text \(Quote.value(text)) where a whole number is expected")
            return nil
        case .blob:
            issue(column, "holds binary data where a whole number is expected")
            return nil
        }
    }

    /// 0, 1 or null.
    func flag(_ column: String) -> Bool? {
        guard let number = integer(column) else { return nil }
        switch number {
        case 0: return false
        case 1: return true
        default:
            issue(column, "is \(number); expected 0, 1 or null")
            return nil
        }
    }

    /// A JSON array of strings, or nil for null.
    func stringArray(_ column: String) -> [String]? {
        guard let raw = text(column) else { return nil }
        // The usual case, a plain array of strings, is read without Foundation's JSON objects.
        if let strings = JSONStringArray.parse(raw) { return strings }
        guard let json = parsedJSON(column) else { return nil }
        guard let array = json as? [Any] else {
            issue(column, "holds JSON that is not an array of strings")
            return nil
        }
        var strings: [String] = []
        strings.reserveCapacity(array.count)
        for element in array {
            guard let string = element as? String else {
                issue(column, "holds a JSON array with a non-string element")
                return nil
            }
            strings.append(string)
        }
        return strings
    }

    /// A JSON object, or nil for null.
    func object(_ column: String) -> JSONObject? {
        // The usual case, a flat object, is read without Foundation's JSON objects.
        if let raw = text(column), let members = JSONFlatObject.parse(raw) {
            return JSONObject(members: members, field: self, column: column)
        }
        guard let json = parsedJSON(column) else { return nil }
        guard let dictionary = json as? [String: Any] else {
            issue(column, "holds JSON that is not an object")
            return nil
        }
        return JSONObject(members: dictionary.mapValues(JSONMember.init(foundation:)), field: self, column: column)
    }

    private func parsedJSON(_ column: String) -> Any? {
        guard let raw = text(column) else { return nil }
        do {
            return try JSONSerialization.jsonObject(with: Data(raw.utf8), options: [.fragmentsAllowed])
        } catch {
            issue(column, "holds malformed JSON \(Quote.value(raw, limit: 40))")
            return nil
        }
    }
}

/// A JSON object read from a column, whose members are checked as they are read.
struct JSONObject {
    let members: [String: JSONMember]
    let field: FieldReader
    let column: String

    /// A finite number member; a string, boolean or other type records an issue.
    func number(_ key: String) -> Double? {
        switch members[key] {
        case nil, .null: return nil
        case .number(let value) where value.isFinite: return value
        default:
            field.issue(column, "member '\(key)' is not a finite number")
            return nil
        }
    }

    /// A whole-number member.
    func integer(_ key: String) -> Int? {
        guard let value = number(key) else { return nil }
        guard value.rounded() == value, abs(value) < 9e15 else {
            field.issue(column, "member '\(key)' is \(value), not a whole number")
            return nil
        }
        return Int(value)
    }

    /// A string member; a number reads as its text (`12345`, `1.5`).
    func string(_ key: String) -> String? {
        switch members[key] {
        case nil, .null: return nil
        case .string(let text): return text
        case .number(let value) where value.isFinite:
            return value.rounded() == value && abs(value) < 9e15 ? String(Int64(value)) : String(value)
        default:
            field.issue(column, "member '\(key)' is not text")
            return nil
        }
    }
}

extension JSONMember {
    /// A value of Foundation's JSON parser.
    init(foundation value: Any) {
        switch value {
        case is NSNull: self = .null
        case let text as String: self = .string(text)
        // JSONSerialization returns booleans as NSNumber with objCType "c" (char).
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        default: self = .nested
        }
    }
}
