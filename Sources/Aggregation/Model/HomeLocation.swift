/// A user's home location (the `location` row of `user_preferences`); every part may be missing.
public struct HomeLocation: Hashable, Sendable {
    public var latitude: Double?
    public var longitude: Double?
    public var city: String?
    public var state: String?
    public var zip: String?
    public var address: String?

    public init(
        latitude: Double? = nil,
        longitude: Double? = nil,
        city: String? = nil,
        state: String? = nil,
        zip: String? = nil,
        address: String? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.city = city
        self.state = state
        self.zip = zip
        self.address = address
    }

    /// The point for distances, when both coordinates are known (0 is a real value).
    public var coordinate: Coordinate? {
        guard let latitude, let longitude else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
