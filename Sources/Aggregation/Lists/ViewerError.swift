/// Why a viewer or a viewer's filter is refused.
public enum ViewerError: Error, Hashable, Sendable, CustomStringConvertible {
    case notAMember(userID: String, familyID: String)

    public var description: String {
        switch self {
        case .notAMember(let user, let family):
            "user '\(user)' is not a member of family '\(family)' and may not see its data"
        }
    }
}
