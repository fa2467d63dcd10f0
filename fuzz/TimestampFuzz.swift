// libFuzzer target: report-batch's timestamp parser against an independent reference of the
// grammar in docs/data-model.md. Built by scripts/fuzz.sh with the sources of Aggregation.
import Foundation

/// The reference: a regular expression for the forms, and day counting year by year (no
/// shared code with the parser, which uses Hinnant's formulas).
enum Reference {
    static let dayOnly = try! NSRegularExpression(pattern: "^([0-9]{4})-([0-9]{2})-([0-9]{2})\\z")
    static let dateTime = try! NSRegularExpression(
        pattern:
            "^([0-9]{4})-([0-9]{2})-([0-9]{2})[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\\.([0-9]{1,9}))?)?(Z|([+-])([0-9]{2})(?::?([0-9]{2}))?)\\z"
    )

    enum Parsed: Equatable {
        case day(year: Int, month: Int, day: Int)
        case instant(seconds: Int64, nanoseconds: Int32)
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01, counted a year and a month at a time.
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var total = 0
        if year >= 1970 {
            for y in 1970..<year { total += isLeap(y) ? 366 : 365 }
        } else {
            for y in year..<1970 { total -= isLeap(y) ? 366 : 365 }
        }
        for m in 1..<month { total += daysIn(m, year) }
        return total + day - 1
    }

    static func parse(_ text: String) -> Parsed? {
        let range = NSRange(text.startIndex..., in: text)
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String? {
            guard let r = Range(match.range(at: index), in: text) else { return nil }
            return String(text[r])
        }
        if let match = dayOnly.firstMatch(in: text, range: range) {
            let (y, m, d) = (Int(group(match, 1)!)!, Int(group(match, 2)!)!, Int(group(match, 3)!)!)
            guard (1...12).contains(m), (1...daysIn(m, y)).contains(d) else { return nil }
            return .day(year: y, month: m, day: d)
        }
        guard let match = dateTime.firstMatch(in: text, range: range) else { return nil }
        let (y, m, d) = (Int(group(match, 1)!)!, Int(group(match, 2)!)!, Int(group(match, 3)!)!)
        let (hour, minute) = (Int(group(match, 4)!)!, Int(group(match, 5)!)!)
        let second = group(match, 6).flatMap { Int($0) } ?? 0
        let fraction =
            group(match, 7).map { $0 + String(repeating: "0", count: 9 - $0.count) }.flatMap { Int32($0) } ?? 0
        guard (1...12).contains(m), (1...daysIn(m, y)).contains(d), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        var offset = 0
        if group(match, 8) != "Z" {
            let hours = Int(group(match, 10)!)!
            let minutes = group(match, 11).flatMap { Int($0) } ?? 0
            guard hours <= 18, minutes < 60 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (group(match, 9) == "-" ? -1 : 1)
        }
        let seconds = Int64(days(y, m, d)) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        return .instant(seconds: seconds, nanoseconds: fraction)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTimestamp(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard size <= 64, let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let expected = Reference.parse(text)
    let actual: Reference.Parsed?
    switch try? Timestamp.parse(text) {
    case .day(let date)?: actual = .day(year: date.year, month: date.month, day: date.day)
    case .instant(let instant)?: actual = .instant(seconds: instant.seconds, nanoseconds: instant.nanoseconds)
    case nil: actual = nil
    }
    // The in-place entry point (SQLite's bytes) agrees with the String one.
    let inPlace = try? Timestamp.parse(utf8: bytes).get()
    guard actual == expected, inPlace == (try? Timestamp.parse(text)) else {
        fatalError(
            "timestamp parser disagrees on \(text.debugDescription): ours \(String(describing: actual)), reference \(String(describing: expected))"
        )
    }
    return 0
}
