/// How a contact-window rule sets its date.
public enum ContactRuleKind: String, DomainEnum {
    case dateBeforeGrade = "date_before_grade"
    case dateAfterGrade = "date_after_grade"
    case unrestricted

    public var displayName: String {
        switch self {
        case .dateBeforeGrade: "Before the grade"
        case .dateAfterGrade: "After the grade"
        case .unrestricted: "Unrestricted"
        }
    }
}
