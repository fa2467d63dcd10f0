import Foundation

/// A wall-clock time in the report's zone, as the exporters show it.
public struct ExportDateTime: Hashable, Sendable {
    public let date: ExportDate
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init(date: ExportDate, hour: Int, minute: Int, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// `YYYY-MM-DD HH:MM`, the csv form of a date-time.
    public var csv: String { String(decoding: csvBytes, as: UTF8.self) }

    var csvBytes: [UInt8] {
        guard (0...99).contains(hour), (0...99).contains(minute) else {
            return Array("\(date.iso) \(NumberText.padded(hour, 2)):\(NumberText.padded(minute, 2))".utf8)
        }
        var bytes = date.isoBytes
        bytes.append(contentsOf: [0x20, 0, 0, 0x3A, 0, 0])
        ExportDate.put(hour, digits: 2, into: &bytes, at: bytes.count - 5)
        ExportDate.put(minute, digits: 2, into: &bytes, at: bytes.count - 2)
        return bytes
    }
}
