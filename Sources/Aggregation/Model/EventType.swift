/// The kinds of event the app records.
public enum EventType: String, DomainEnum {
    case showcase, camp
    case officialVisit = "official_visit"
    case unofficialVisit = "unofficial_visit"
    case game

    public var displayName: String {
        switch self {
        case .showcase: "Showcase"
        case .camp: "Camp"
        case .officialVisit: "Official Visit"
        case .unofficialVisit: "Unofficial Visit"
        case .game: "Game"
        }
    }
}
