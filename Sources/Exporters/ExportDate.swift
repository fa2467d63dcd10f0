import Foundation

/// A calendar day, as the exporters show it.
public struct ExportDate: Hashable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD`.
    public var iso: String { String(decoding: isoBytes, as: UTF8.self) }

    /// The ASCII bytes of `iso`, built without intermediate strings (csv writes millions).
    var isoBytes: [UInt8] {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return Array(
                "\(NumberText.padded(year, 4))-\(NumberText.padded(month, 2))-\(NumberText.padded(day, 2))".utf8
            )
        }
        var bytes = [UInt8](repeating: 0x2D, count: 10)
        ExportDate.put(year, digits: 4, into: &bytes, at: 0)
        ExportDate.put(month, digits: 2, into: &bytes, at: 5)
        ExportDate.put(day, digits: 2, into: &bytes, at: 8)
        return bytes
    }

    /// Writes `value` as `digits` zero-padded ASCII digits at `offset`.
    static func put(_ value: Int, digits: Int, into bytes: inout [UInt8], at offset: Int) {
        var rest = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
            bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
