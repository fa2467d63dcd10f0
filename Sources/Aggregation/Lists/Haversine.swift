import Foundation

/// Distances on Earth.
public enum Haversine {
    public static let earthRadiusMiles = 3958.8

    /// The great-circle distance in miles.
    public static func miles(_ a: Coordinate, _ b: Coordinate) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLon = (b.longitude - a.longitude) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * pow(sin(dLon / 2), 2)
        return 2 * earthRadiusMiles * asin(min(1, sqrt(h)))
    }
}
