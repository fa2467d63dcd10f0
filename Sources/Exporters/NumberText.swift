import Foundation

/// Number and digit formatting that never depends on the locale.
public enum NumberText {
    /// The most decimals a percentage is shown with.
    public static let maximumPercentPlaces = 6

    /// The decimals a percentage is shown with: one, or more when one would round it up to a
    /// whole number it is below (49.99 would read "50.0", across a level boundary at 50, while
    /// its level says under 50). At most `maximumPercentPlaces`.
    public static func percentPlaces(_ value: Double) -> Int {
        guard value.isFinite else { return 1 }
        var places = 1
        while places < maximumPercentPlaces {
            let scale = pow(10, Double(places))
            let shown = (abs(value) * scale).rounded(.toNearestOrAwayFromZero) / scale
            if shown.rounded(.down) == abs(value).rounded(.down) { break }
            places += 1
        }
        return places
    }

    /// The shortest text that reads back as the same double: `12`, `33.333333333333336`, `0.1`.
    public static func shortest(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    /// A non-negative number with leading zeros to `width` digits.
    public static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
