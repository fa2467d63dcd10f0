/// A sport of the app's list, named by `users.primary_sport_id`.
public struct Sport: Hashable, Sendable, Identifiable {
    public let id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
