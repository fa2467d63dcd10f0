/// How the family and a coach were in touch: the nine types of the page specifications
/// first, then the four the app's database added (docs/data-model.md order).
public enum InteractionType: String, DomainEnum {
    case email
    case phoneCall = "phone_call"
    case text
    case inPersonVisit = "in_person_visit"
    case virtualMeeting = "virtual_meeting"
    case camp
    case showcase
    case tweet
    case dm
    case game
    case unofficialVisit = "unofficial_visit"
    case officialVisit = "official_visit"
    case other

    public var displayName: String {
        switch self {
        case .email: "Email"
        case .phoneCall: "Phone Call"
        case .text: "Text"
        case .inPersonVisit: "In-Person Visit"
        case .virtualMeeting: "Virtual Meeting"
        case .camp: "Camp"
        case .showcase: "Showcase"
        case .tweet: "Tweet"
        case .dm: "Direct Message"
        case .game: "Game"
        case .unofficialVisit: "Unofficial Visit"
        case .officialVisit: "Official Visit"
        case .other: "Other"
        }
    }
}
