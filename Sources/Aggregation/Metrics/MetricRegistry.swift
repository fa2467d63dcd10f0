import Core

/// The app's metric registry (docs/metrics.md): every key's definition and each sport's order,
/// read once from the data file built into the program (`metric-registry.tsv`, beside this file).
public struct MetricRegistry: Sendable {
    public let definitions: [MetricDefinition]
    /// Each sport's keys in the app's order, by the sport's name as `String.comparisonKey`.
    private let orders: [String: [String]]
    private let byKey: [String: MetricDefinition]

    /// The registry of the built-in data file.
    public static let app: MetricRegistry = {
        do {
            return try MetricRegistry(text: String(decoding: PackageResources.metric_registry_tsv, as: UTF8.self))
        } catch {
            preconditionFailure("the built-in metric registry does not read: \(error)")
        }
    }()

    /// The registry of a data file's text.
    /// - Throws: `UsageError` naming the line that does not read.
    package init(text: String) throws {
        var definitions: [MetricDefinition] = []
        var orders: [String: [String]] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let problem = { (what: String) in UsageError("metric registry line \(index + 1): \(what)") }
            switch (fields.first, fields.count) {
            case ("metric", 6):
                guard let format = Self.format(fields[4]) else { throw problem("unknown format \(fields[4])") }
                guard ["yes", "no"].contains(fields[5]) else { throw problem("lower_is_better is not yes or no") }
                definitions.append(
                    MetricDefinition(
                        key: fields[1],
                        label: fields[2],
                        unit: fields[3],
                        format: format,
                        lowerIsBetter: fields[5] == "yes",
                        isRegistered: true
                    )
                )
            case ("sport", 3):
                orders[fields[1].comparisonKey] = fields[2].split(separator: " ").map(String.init)
            default:
                throw problem("not a metric row of 6 fields or a sport row of 3")
            }
        }
        let byKey = Dictionary(definitions.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        guard byKey.count == definitions.count else { throw UsageError("metric registry: a key is listed twice") }
        for (sport, keys) in orders {
            if let unknown = keys.first(where: { byKey[$0] == nil }) {
                throw UsageError("metric registry: sport \(sport) names \(unknown), which has no metric row")
            }
        }
        self.definitions = definitions
        self.orders = orders
        self.byKey = byKey
    }

    /// The definition of a key; for a key the registry lacks, the app's fallback: the key with
    /// each `_` a space as the label, no unit, 2 decimals, higher is better.
    public func definition(_ key: String) -> MetricDefinition {
        if let known = byKey[key] { return known }
        let label = key.replacingUnderscores.trimmedWhitespace
        return MetricDefinition(
            key: key,
            label: label,
            unit: "",
            format: .decimal(places: 2, leadingZero: true),
            lowerIsBetter: false,
            isRegistered: false
        )
    }

    /// A sport's keys in the app's order (without `other`); empty for no sport or one the
    /// registry does not know. `sport` is compared trimmed and case-insensitively.
    public func order(sport: String?) -> [String] {
        guard let sport else { return [] }
        return orders[sport.comparisonKey] ?? []
    }

    /// The sports the registry orders, by comparison key.
    public var sportKeys: [String] { orders.keys.sorted() }

    private static func format(_ text: String) -> MetricFormat? {
        let words = text.split(separator: " ")
        let places = words.count > 1 ? Int(words[1]).flatMap { (0...20).contains($0) ? $0 : nil } : nil
        switch (words.first, words.count) {
        case ("integer", 1): return .integer
        case ("duration", 1): return .duration
        case ("percent", 2): return places.map { .percent(places: $0) }
        case ("decimal", 2): return places.map { .decimal(places: $0, leadingZero: true) }
        case ("decimal", 3) where words[2] == "no-leading-zero":
            return places.map { .decimal(places: $0, leadingZero: false) }
        default: return nil
        }
    }
}

extension String {
    fileprivate var replacingUnderscores: String { String(map { $0 == "_" ? " " : $0 }) }
    fileprivate var trimmedWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
