import Core
import Foundation

/// Parsing of option values into domain values, with usage errors that quote the bad
/// value and list the accepted ones.
package enum OptionParsing {
    /// A raw database value of an enumeration, e.g. `--role head`.
    package static func domainValue<E: DomainEnum>(_ text: String, option: String, noun: String) throws -> E {
        guard let value = E.decode(text) else {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is not \(noun); use one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))"
                    as OptionText
            )
        }
        return value
    }

    /// A named value such as a sort, e.g. `--sort last-contacted`.
    package static func named<E: RawRepresentable & CaseIterable>(
        _ text: String,
        option: String,
        noun: String
    ) throws -> E where E.RawValue == String {
        guard let value = E(rawValue: text) else {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is not \(noun); use one of: \(E.allCases.map(\.rawValue).joined(separator: ", "))"
                    as OptionText
            )
        }
        return value
    }

    /// A whole number of days, at least 1.
    package static func days(_ value: Int, option: String) throws -> Int {
        guard value >= 1 else {
            throw UsageError("\(option: option) \(value) must be a whole number of days, at least 1" as OptionText)
        }
        return value
    }

    /// A percentage 0–100.
    package static func percent(_ value: Double, option: String) throws -> Double {
        guard value.isFinite, (0...100).contains(value) else {
            throw UsageError("\(option: option) \(value) must be a number from 0 to 100" as OptionText)
        }
        return value
    }

    /// `LAT,LON` in degrees.
    package static func coordinate(_ text: String, option: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], latitude.isFinite,
            longitude.isFinite,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else {
            throw UsageError(
                "\(option: option) \(Quote.value(text)) is not LAT,LON in degrees (e.g. 30.2849,-97.7341)" as OptionText
            )
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
