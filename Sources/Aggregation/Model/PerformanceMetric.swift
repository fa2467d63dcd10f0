/// One measurement of the athlete (a 60-yard dash, an exit velocity, a GPA).
public struct PerformanceMetric: Hashable, Sendable, Identifiable {
    public let id: String
    public let familyUnitID: String
    public var userID: String?
    /// Free text: the app's registry keys (`sixty_time`), or a custom or older key.
    public var metricType: String
    /// Null is allowed and left out of summaries; never NaN or infinite.
    public var value: Double?
    public var unit: String?
    public var recordedDate: Timestamp?
    public var notes: String?
    public var verified: Bool?
    /// The app's render string ("6'2\"", "1:52.4"): shown for an entry without a number.
    public var displayValue: String?
    /// Where it was measured ("Perfect Game").
    public var source: String?
    /// The athlete's headline stat (at most one per athlete in the app).
    public var isPrimary: Bool?
    public var createdAt: Timestamp?

    /// The metric's date: recorded_date, else created_at.
    public let date: Timestamp

    public init(id: String, familyUnitID: String, metricType: String, date: Timestamp) {
        self.id = id
        self.familyUnitID = familyUnitID
        self.metricType = metricType
        self.date = date
    }
}
