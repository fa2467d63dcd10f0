import Foundation

/// US state, DC and territory codes, for reading a state out of a free-text location.
public enum USState {
    public static let codes: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
        "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK",
        "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC",
        "AS", "GU", "MP", "PR", "VI", "UM",
    ]

    /// The code at the end of a location after a comma, optionally followed by a ZIP code:
    /// "Austin, TX" → TX, "Austin, tx 78701" → TX, "Montréal, QC" → nil.
    public static func parse(location: String) -> String? {
        guard let comma = location.lastIndex(of: ",") else { return nil }
        var words = location[location.index(after: comma)...].split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count == 2, isZIP(words[1]) { words.removeLast() }
        guard words.count == 1 else { return nil }
        let code = words[0].uppercased()
        return codes.contains(code) ? code : nil
    }

    private static func isZIP(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ part: Substring, _ count: Int) -> Bool {
            part.count == count && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
        }
        return (parts.count == 1 && digits(parts[0], 5))
            || (parts.count == 2 && digits(parts[0], 5) && digits(parts[1], 4))
    }
}
