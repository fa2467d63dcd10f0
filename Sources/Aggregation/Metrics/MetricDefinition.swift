import Core

/// What the app knows of one metric key: its name, unit, number format and direction.
public struct MetricDefinition: Hashable, Sendable {
    public let key: String
    public let label: String
    /// The unit shown after the number; empty for none (a batting average, an ERA).
    public let unit: String
    public let format: MetricFormat
    /// A smaller number is the better one (a dash time, an ERA).
    public let lowerIsBetter: Bool
    /// The key is one of the registry's, not a custom or older key.
    public let isRegistered: Bool

    /// The number as the app shows it with its unit: "6.81 sec", ".312", "45.2%", "6:52.30".
    public func text(_ value: Double, unit shownUnit: String? = nil) -> String {
        let number = format.text(value)
        let unit = shownUnit ?? self.unit
        if unit.isEmpty { return number }
        return unit == "%" ? number + unit : number + " " + unit
    }
}
