/// Guarded arithmetic: never NaN, never infinity, never a percentage outside 0–100.
public enum Stats {
    /// The mean, or nil for no values (or a non-finite result).
    public static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let count = Double(values.count)
        let plain = values.reduce(0, +) / count
        if plain.isFinite { return plain }
        // A sum past the Double limit: scaling each value first keeps the mean finite.
        let scaled = values.reduce(0) { $0 + $1 / count }
        return scaled.isFinite ? scaled : nil
    }

    /// `part` of `whole` in percent, clamped to 0–100; nil when `whole` is 0.
    public static func percentage(_ part: Int, of whole: Int) -> Double? {
        guard whole > 0 else { return nil }
        return min(100, max(0, Double(part) * 100 / Double(whole)))
    }
}
