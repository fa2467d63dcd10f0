/// The video sites the app knows (`video_links.platform`); another value is shown as stored.
public enum VideoPlatform: String, DomainEnum {
    case hudl, youtube, vimeo, other

    public var displayName: String {
        switch self {
        case .hudl: "Hudl"
        case .youtube: "YouTube"
        case .vimeo: "Vimeo"
        case .other: "Other"
        }
    }
}
