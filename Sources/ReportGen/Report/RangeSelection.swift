import Aggregation
import Core

/// How a command chose its dates: a preset, a custom `--from`/`--to`, or neither (the
/// default preset). Turned into a `DateRange` once today is known.
package enum RangeSelection: Hashable, Sendable {
    case preset(ReportPreset)
    case custom(from: CivilDate, to: CivilDate)

    /// Parses the `--preset`, `--from` and `--to` options (docs/report.md §1).
    /// - Throws: `UsageError` quoting the bad value, for an unknown preset, a malformed
    ///   date, only one of `--from`/`--to`, or a preset together with them.
    package static func parse(
        preset: String?,
        from: String?,
        to: String?,
        defaultPreset: ReportPreset = .standard
    ) throws -> RangeSelection {
        if let preset, from != nil || to != nil {
            throw UsageError(
                "\(option: "--preset") \(Quote.value(preset)) cannot be combined with \(option: "--from")/\(option: "--to"); give a preset or a custom range"
                    as OptionText
            )
        }
        if let preset {
            guard let value = ReportPreset(rawValue: preset) else {
                throw UsageError(
                    "\(option: "--preset") \(Quote.value(preset)) is not a preset; use one of: \(ReportPreset.names)"
                        as OptionText
                )
            }
            return .preset(value)
        }
        switch (from, to) {
        case (nil, nil):
            return .preset(defaultPreset)
        case (let from?, nil):
            throw UsageError("\(option: "--from") \(Quote.value(from)) needs \(option: "--to") as well" as OptionText)
        case (nil, let to?):
            throw UsageError("\(option: "--to") \(Quote.value(to)) needs \(option: "--from") as well" as OptionText)
        case (let from?, let to?):
            return .custom(
                from: try RunClock.parseDay(from, option: "--from"),
                to: try RunClock.parseDay(to, option: "--to")
            )
        }
    }

    /// The range for a given today.
    /// - Throws: `UsageError` "End date must be after start date" when `to` is before `from`.
    package func range(today: CivilDate) throws -> DateRange {
        switch self {
        case .preset(let preset):
            return preset.range(today: today)
        case .custom(let from, let to):
            do {
                return try DateRange(from: from, to: to)
            } catch {
                throw UsageError(error.description)
            }
        }
    }
}

extension Zone {
    /// Parses a `--timezone` value.
    /// - Throws: `UsageError` for a name that is not an IANA zone.
    package static func parseOption(_ name: String) throws -> Zone {
        guard let zone = Zone(identifier: name) else {
            let examples =
                "e.g. America/New_York, Europe/Paris, UTC; offsets are Etc/GMT-5 for UTC+05:00 and Etc/GMT+5 for UTC-05:00, in IANA's signs"
            throw UsageError(
                "\(option: "--timezone") \(Quote.value(name)) is not a known IANA time zone (\(examples))" as OptionText
            )
        }
        return zone
    }

    /// The report's zone (docs/report.md §1): the override if given, else the family player's
    /// zone, else UTC.
    package static func report(for data: FamilyData, override: Zone?) -> Zone {
        if let override { return override }
        if let name = data.playerTimeZone, let zone = Zone(identifier: name) { return zone }
        return .utc
    }
}
