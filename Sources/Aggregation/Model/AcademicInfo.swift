/// The academic facts of a school (`schools.academic_info`); every part may be missing.
public struct AcademicInfo: Hashable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    public var state: String?
    public var studentSize: Int?
    public var admissionRate: Double?
    public var gpaRequirement: Double?
    public var satRequirement: Double?
    public var actRequirement: Double?

    public init(
        latitude: Double? = nil,
        longitude: Double? = nil,
        state: String? = nil,
        studentSize: Int? = nil,
        admissionRate: Double? = nil,
        gpaRequirement: Double? = nil,
        satRequirement: Double? = nil,
        actRequirement: Double? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.state = state
        self.studentSize = studentSize
        self.admissionRate = admissionRate
        self.gpaRequirement = gpaRequirement
        self.satRequirement = satRequirement
        self.actRequirement = actRequirement
    }

    /// The campus, when both coordinates are known (0 is a real value).
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
