import Foundation
import SeededRandom
import Testing

@testable import Aggregation

/// The app's metric registry as the code reads it (docs/metrics.md): every row of the data
/// file, read here on its own, must come back through `MetricRegistry.app` unchanged.
struct MetricRegistryTests {
    static let dataFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Aggregation/Metrics/metric-registry.tsv")

    /// The data file's rows, split by this test, not by the code under test.
    static func rows(_ kind: String) throws -> [[String]] {
        try String(contentsOf: dataFile, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.first == kind }
    }

    @Test func everyKeyReadsBackWithItsLabelUnitFormatAndDirection() throws {
        let metrics = try Self.rows("metric")
        #expect(metrics.count == 67)
        for row in metrics {
            let definition = MetricRegistry.app.definition(row[1])
            #expect(definition.isRegistered, "\(row[1])")
            #expect(definition.label == row[2], "\(row[1])")
            #expect(definition.unit == row[3], "\(row[1])")
            #expect(Self.formatName(definition.format) == row[4], "\(row[1])")
            #expect(definition.lowerIsBetter == (row[5] == "yes"), "\(row[1])")
        }
        #expect(MetricRegistry.app.definitions.map(\.key) == metrics.map { $0[1] })
    }

    @Test func everySportReadsBackInItsOrderWhateverItsCaseAndSpaces() throws {
        let sports = try Self.rows("sport")
        #expect(sports.count == 17)
        for row in sports {
            let keys = row[2].split(separator: " ").map(String.init)
            #expect(MetricRegistry.app.order(sport: row[1]) == keys)
            #expect(MetricRegistry.app.order(sport: "  " + row[1].uppercased() + " ") == keys)
        }
        #expect(MetricRegistry.app.order(sport: "Curling").isEmpty)
        #expect(MetricRegistry.app.order(sport: nil).isEmpty)
    }

    /// The spec's own examples (app-today.md §4), spelled out here.
    @Test func theSpecsExamples() {
        let dash = MetricRegistry.app.definition("sixty_time")
        #expect(dash.label == "60-Yard Dash" && dash.unit == "sec" && dash.lowerIsBetter)
        #expect(dash.text(6.81) == "6.81 sec")
        #expect(MetricRegistry.app.definition("batting_avg").text(0.312) == ".312")
        let erg = MetricRegistry.app.definition("erg_2k")
        #expect(erg.label == "2K Erg" && erg.lowerIsBetter && erg.text(412.3) == "6:52.30")
        let strikeouts = MetricRegistry.app.definition("strikeouts")
        #expect(strikeouts.format == .integer && strikeouts.text(11) == "11 count")
        #expect(MetricRegistry.app.definition("field_goal_pct").text(45.2) == "45.2%")
        #expect(MetricRegistry.app.definition("exit_velo").label == "Exit Velocity")
    }

    /// Facts of the app's canonical.ts, copied here by hand (not from the data file): a key of
    /// each format and direction, so that a wrong row of the data file fails.
    @Test(arguments: [
        ("forty_time", "40-Yard Dash", "sec", MetricFormat.decimal(places: 2, leadingZero: true), true),
        ("save_pct", "Save %", "", .decimal(places: 3, leadingZero: false), false),
        ("field_goal_pct", "Field Goal %", "%", .percent(places: 1), false),
        ("race_time", "Race Time", "", .duration, true), ("tackles", "Tackles", "count", .integer, false),
        ("ranking", "Ranking", "", .integer, true),
        ("scoring_average", "Scoring Average", "strokes", .decimal(places: 1, leadingZero: true), true),
        ("vertical_jump", "Vertical Jump", "in", .decimal(places: 1, leadingZero: true), false),
        ("other", "Other Metric", "", .decimal(places: 2, leadingZero: true), false),
    ])
    func keysAsTheAppDefinesThem(key: String, label: String, unit: String, format: MetricFormat, lower: Bool) {
        let definition = MetricRegistry.app.definition(key)
        #expect(definition.label == label && definition.unit == unit && definition.format == format)
        #expect(definition.lowerIsBetter == lower && definition.isRegistered)
    }

    @Test(arguments: [
        ("sixty_yard_dash", "sixty yard dash"), ("bat_speed", "bat speed"), ("_gpa_", "gpa"), ("Élan", "Élan"),
    ])
    func anUnregisteredKeyTakesTheAppsFallback(key: String, label: String) {
        let definition = MetricRegistry.app.definition(key)
        #expect(!definition.isRegistered)
        #expect(definition.label == label && definition.unit.isEmpty && !definition.lowerIsBetter)
        #expect(definition.format == .decimal(places: 2, leadingZero: true))
        #expect(definition.text(7, unit: "s") == "7.00 s")
    }

    @Test(arguments: [
        "metric\tx\tX\t\tdecimal\tno", "metric\tx\tX\t\tdecimal 2\tmaybe", "metric\tx\tX\t\tfraction 2\tno",
        "sport\tGolf\tnot_a_key", "metric\tx\tX", "metric\tx\tX\t\tinteger\tno\nmetric\tx\tY\t\tinteger\tno",
    ])
    func aDataFileThatDoesNotReadIsRefused(text: String) {
        #expect(throws: (any Error).self) { try MetricRegistry(text: text) }
    }

    static func formatName(_ format: MetricFormat) -> String {
        switch format {
        case .decimal(let places, true): "decimal \(places)"
        case .decimal(let places, false): "decimal \(places) no-leading-zero"
        case .integer: "integer"
        case .percent(let places): "percent \(places)"
        case .duration: "duration"
        }
    }
}

/// The app's number formats, rounding included (its platform rounds on the exact binary value,
/// a tie away from zero; `Math.round` a half up); each expected text worked out by hand.
struct MetricFormatTests {
    @Test(arguments: [
        // 6.805 is 6.80499999999999971578… in binary: it rounds down.
        (MetricFormat.decimal(places: 2, leadingZero: true), 6.805, "6.80"),
        // 0.125 is exact: a tie, away from zero (C's printf would say 0.12).
        (.decimal(places: 2, leadingZero: true), 0.125, "0.13"),
        (.decimal(places: 2, leadingZero: true), -0.125, "-0.13"),
        (.decimal(places: 3, leadingZero: false), 0.312, ".312"),
        (.decimal(places: 3, leadingZero: false), 0, ".000"),
        (.decimal(places: 3, leadingZero: false), 1, "1.000"),
        (.decimal(places: 3, leadingZero: false), -0.312, "-0.312"),
        (.decimal(places: 3, leadingZero: false), 0.9996, "1.000"),
        (.decimal(places: 1, leadingZero: true), 99.95, "100.0"),  // 99.9500000000000028…
        (.decimal(places: 1, leadingZero: true), 88, "88.0"),
        (.integer, 2.5, "3"), (.integer, -2.5, "-2"), (.integer, 0.49999999999999994, "0"), (.integer, -0.4, "0"),
        (.integer, 11, "11"),
        (.percent(places: 1), 45.25, "45.3"), (.percent(places: 1), 45.2, "45.2"),
        (.duration, 412.3, "6:52.30"), (.duration, 59.999, "1:00.00"), (.duration, 3725.5, "62:05.50"),
        (.duration, 5.07, "0:05.07"), (.duration, 0, "0:00.00"),
        // A value that is not a real duration still reads as one: a sign, whole minutes, or the
        // seconds themselves where minutes and hundredths would not be exact (docs/metrics.md).
        (.duration, -126.5, "-2:06.50"), (.duration, -59.999, "-1:00.00"), (.duration, -0.006, "-0:00.01"),
        (.duration, -0.005, "0:00.00"), (.duration, -0.004, "0:00.00"), (.duration, -0.0, "0:00.00"),
        (.duration, 5e-324, "0:00.00"), (.duration, -5e-324, "0:00.00"), (.duration, 0.005, "0:00.01"),
        (.duration, 3599.999, "60:00.00"), (.duration, 119.996, "2:00.00"), (.duration, 6e10, "1000000000:00.00"),
        (.duration, 9_999_999_999_999.99, "166666666666:39.99"), (.duration, 1e13, "10000000000000.00"),
        (.duration, -1e13, "-10000000000000.00"), (.duration, 1e298, "1e+298"), (.duration, -1e298, "-1e+298"),
        (.duration, .greatestFiniteMagnitude, "1.7976931348623157e+308"),
        (.duration, -.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
        (.duration, .infinity, "Infinity"), (.duration, -.infinity, "-Infinity"), (.duration, .nan, "NaN"),
        // Past toFixed's reach JavaScript prints the number itself.
        (.decimal(places: 2, leadingZero: true), 1e21, "1e+21"), (.integer, 1e20, "100000000000000000000"),
        (.integer, .infinity, "Infinity"), (.percent(places: 1), -.infinity, "-Infinity"),
        (.decimal(places: 1, leadingZero: true), .nan, "NaN"),
    ])
    func formats(format: MetricFormat, value: Double, text: String) {
        #expect(format.text(value) == text)
    }

    /// A duration below 1e13 seconds, of any sign and size, reads as `-M:SS.hh` and back as its
    /// value to the hundredth; above it, as its seconds.
    @Test func everyFiniteDurationReadsBackAsItsValue() {
        var random = SplitMix64(seed: 52)
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double(random.int(-330...308)) + Double(random.next() % 1000) / 1000)
            let value = random.chance(0.5) ? -magnitude : magnitude
            let text = MetricFormat.duration.text(value)
            guard abs(value) < 1e13 else {
                #expect(text == MetricFormat.fixed(value, places: 2), "\(value): \(text)")
                continue
            }
            let parts = text.drop(while: { $0 == "-" }).split(whereSeparator: { $0 == ":" || $0 == "." })
            #expect(
                parts.count == 3 && parts[1].count == 2 && parts[2].count == 2 && Int(parts[1])! < 60,
                "\(value): \(text)"
            )
            let read =
                (Double(parts[0])! * 60 + Double(parts[1])! + Double(parts[2])! / 100) * (text.hasPrefix("-") ? -1 : 1)
            #expect(abs(read - value) <= 0.00501 + abs(value) * 1e-15, "\(value): \(text)")
        }
    }

    /// The quick path (double arithmetic away from a half) gives the exact expansion's text:
    /// decimals as the app stores them (k/10, k/100, k/1000, ties among them), negatives,
    /// large and tiny values, and random doubles.
    @Test func theQuickRoundingAgreesWithTheExactDigits() {
        var random = SplitMix64(seed: 45)
        var values: [Double] = [0, -0.0, 1e-7, 5e-7, 123_456_789.125, 9.99e14, 2.675, 1.005, 1.015, 8.345]
        for k in 0..<20_000 {
            values.append(Double(k) / 1_000)
            values.append(-Double(k) / 100)
            values.append(Double(k) / 8 + 0.0625)
        }
        for _ in 0..<20_000 { values.append(Double(random.next() % 10_000_000) / 997 - 3_000) }
        for value in values {
            for places in 0...4
            where MetricFormat.fixed(value, places: places) != MetricFormat.exactFixed(value, places: places) {
                Issue.record(
                    "\(value) to \(places) places: \(MetricFormat.fixed(value, places: places)) is not \(MetricFormat.exactFixed(value, places: places))"
                )
            }
        }
    }
}
