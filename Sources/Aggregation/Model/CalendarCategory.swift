/// The kinds of entry of the NCAA recruiting calendar.
public enum CalendarCategory: String, DomainEnum {
    case deadPeriod = "dead_period"
    case quietPeriod = "quiet_period"
    case contactPeriod = "contact_period"
    case evaluationPeriod = "evaluation_period"
    case satDate = "sat_date"
    case actDate = "act_date"
    case signingDay = "signing_day"
    case nliPeriod = "nli_period"

    public var displayName: String {
        switch self {
        case .deadPeriod: "Dead Period"
        case .quietPeriod: "Quiet Period"
        case .contactPeriod: "Contact Period"
        case .evaluationPeriod: "Evaluation Period"
        case .satDate: "SAT Date"
        case .actDate: "ACT Date"
        case .signingDay: "Signing Day"
        case .nliPeriod: "NLI Period"
        }
    }
}
