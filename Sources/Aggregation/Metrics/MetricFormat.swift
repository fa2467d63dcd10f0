import Foundation

/// How the app writes a metric's number (docs/metrics.md): the number only, the unit follows.
/// Each case renders as the app's registry does, rounding included, so that a value reads the
/// same in the report as on the app's Performance page.
public enum MetricFormat: Hashable, Sendable {
    /// `places` decimals; `leadingZero` false drops the zero before the point (".312").
    case decimal(places: Int, leadingZero: Bool)
    /// A whole number, halves rounded up.
    case integer
    /// `places` decimals of a value already in percent (the "%" is the unit).
    case percent(places: Int)
    /// Seconds shown as minutes, seconds and hundredths: 412.3 reads "6:52.30" (`durationText`).
    case duration

    /// The value as the app shows it (without the unit).
    public func text(_ value: Double) -> String {
        switch self {
        case .decimal(let places, let leadingZero):
            let fixed = Self.fixed(value, places: places)
            return !leadingZero && fixed.hasPrefix("0.") ? String(fixed.dropFirst()) : fixed
        case .integer:
            return Self.wholeNumber(Self.roundHalfUp(value))
        case .percent(let places):
            return Self.fixed(value, places: places)
        case .duration:
            return Self.durationText(value)
        }
    }

    /// Seconds as `M:SS.hh`, the hundredths rounded as the app rounds them (`Math.round` of the
    /// value times 100, a half up), every digit of the whole minutes, and a minus before them
    /// when the value rounds below zero (-126.5 reads "-2:06.50"). From 1e13 seconds on (about
    /// 317,000 years) minutes and hundredths would not be exact: the value reads as its seconds
    /// with two decimals (`fixed`: "1e+298"), and so does a value that is not finite
    /// ("Infinity"); docs/metrics.md.
    static func durationText(_ value: Double) -> String {
        guard abs(value) < 1e13 else { return fixed(value, places: 2) }
        // Below 1e15 every whole number is a double, so the hundredths are exact.
        let hundredths = Int64(roundHalfUp(value * 100))
        let magnitude = hundredths.magnitude
        let (minutes, seconds, rest) = (magnitude / 6000, magnitude % 6000 / 100, magnitude % 100)
        return (hundredths < 0 ? "-" : "") + "\(minutes):" + twoDigits(seconds) + "." + twoDigits(rest)
    }

    /// `places` decimals, rounded as the app's platform rounds (to the nearest on the exact
    /// binary value, a tie away from zero), a negative value keeping its sign.
    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite, abs(value) < 1e21 else { return Self.jsText(value) }
        return quickFixed(value, places: places) ?? exactFixed(value, places: places)
    }

    /// `fixed` from the exact decimal expansion of the value (the tests hold `quickFixed` to it).
    static func exactFixed(_ value: Double, places: Int) -> String {
        // glibc prints the exact decimal digits; 80 more than needed reach past every digit of a
        // value that could round to a non-zero place, so only the next digit decides.
        let exact = String(format: "%.\(places + 80)f", abs(value)).utf8
        let point = exact.firstIndex(of: UInt8(ascii: ".")) ?? exact.endIndex
        var digits = Array(exact[..<point]) + Array(exact[point...].dropFirst())
        let kept = exact.distance(from: exact.startIndex, to: point) + places
        let roundUp = digits[kept] >= UInt8(ascii: "5")
        digits.removeSubrange(kept...)
        if roundUp {
            var index = digits.count - 1
            while index >= 0, digits[index] == UInt8(ascii: "9") {
                digits[index] = UInt8(ascii: "0")
                index -= 1
            }
            if index >= 0 { digits[index] += 1 } else { digits.insert(UInt8(ascii: "1"), at: 0) }
        }
        let whole = digits.count - places
        var text = String(decoding: digits[..<whole], as: UTF8.self)
        if places > 0 { text += "." + String(decoding: digits[whole...], as: UTF8.self) }
        return (value < 0 ? "-" : "") + text
    }

    /// `fixed` without printing the exact decimal expansion. The value times 10^places is one
    /// correctly rounded product, and below 1e15 every whole number and half is a double, so
    /// rounding cannot carry the product across a half or a whole number: a product that is
    /// not a half rounds as the exact one does. Nil within a millionth of a half (a margin:
    /// only the exact digits decide there; 1.005 is 1.00499999999999989…, and stays "1.00").
    private static func quickFixed(_ value: Double, places: Int) -> String? {
        guard (0...15).contains(places) else { return nil }
        let scaled = abs(value) * scale[places]
        guard scaled < 1e15 else { return nil }
        let whole = scaled.rounded(.down)
        let fraction = scaled - whole
        guard abs(fraction - 0.5) > 1e-6 else { return nil }
        var digits = String(Int64(whole) + (fraction > 0.5 ? 1 : 0))
        if digits.count <= places { digits = String(repeating: "0", count: places + 1 - digits.count) + digits }
        let sign = value < 0 ? "-" : ""
        guard places > 0 else { return sign + digits }
        let point = digits.index(digits.endIndex, offsetBy: -places)
        return sign + digits[..<point] + "." + digits[point...]
    }

    private static let scale: [Double] = (0...15).map { pow(10, Double($0)) }

    /// The nearest whole number, a half rounded towards positive infinity.
    static func roundHalfUp(_ value: Double) -> Double {
        let down = value.rounded(.down)
        return value - down >= 0.5 ? down + 1 : down
    }

    /// A whole number with every digit (below 1e21, as JavaScript prints it); `-0` is "0".
    private static func wholeNumber(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e21 else { return jsText(value) }
        if abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.0f", value)
    }

    /// JavaScript's text of a number beyond `toFixed`'s reach: "NaN", "Infinity", "1e+21".
    static func jsText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        // Swift's shortest round-trip text has JavaScript's exponent form here ("1e+21").
        return "\(value)"
    }

    private static func twoDigits(_ value: UInt64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
