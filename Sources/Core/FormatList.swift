import Foundation

/// Parsing of comma-separated format lists, shared by reports and lists.
package enum FormatList {
    package static func parse<Format: RawRepresentable & CaseIterable & Equatable>(
        _ text: String,
        option: String
    ) throws -> [Format] where Format.RawValue == String {
        var formats: [Format] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let format = Format(rawValue: name) else {
                let accepted = Format.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "\(option: option) \(Quote.value(String(part))) is not a format; use one or more of: \(accepted)"
                        as OptionText
                )
            }
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }
}
