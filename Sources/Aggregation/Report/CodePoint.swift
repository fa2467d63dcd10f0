/// Plain Unicode code-point order, which the report uses to sort free-text keys.
public enum CodePoint {
    public static func less(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
    }
}
