import Core

/// When college coaches may contact the athlete (docs/next-steps.md, "Contact windows"): for
/// each division of the family's schools, the app's rule for the player's sport (else its
/// rule for every sport), and the day it opens for the player's class.
public struct ContactWindow: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Coaches may contact the athlete now (or the division has no restriction).
        case open
        /// Not yet: `opensOn` is after today.
        case opens
        /// The player has no class, or the rule's grade or date does not read.
        case unknown
    }

    public let division: Division
    /// The rule's sport: the player's, lower-case, or `*` for every sport.
    public let sport: String
    public let kind: ContactRuleKind
    public let opensOn: CivilDate?
    public let state: State
    /// Days from today to `opensOn` while the window is still to open; nil otherwise.
    public let daysUntil: Int?
    /// The family's schools of the division.
    public let schools: Int
    public let note: String?
    /// The player has a class year (an `unknown` window without it says so).
    public var classKnown = true

    /// The windows of the family's divisions in D1, D2, D3, NAIA, JUCO order; nil without the
    /// rules' table.
    public static func compute(_ data: FamilyData, today: CivilDate) -> [ContactWindow]? {
        guard let rules = data.season.contactRules else { return nil }
        let sport = SeasonAhead.playerSport(data)
        let graduationYear = data.player.flatMap { data.users[$0.userID]?.graduationYear }
        var counts: [Division: Int] = [:]
        for division in data.schools.compactMap(\.division) { counts[division, default: 0] += 1 }
        return Division.allCases.compactMap { division -> ContactWindow? in
            guard let schools = counts[division] else { return nil }
            let ofDivision = rules.filter { $0.division == division }.sorted { $0.id < $1.id }
            guard
                let rule = ofDivision.first(where: { rule in sport.map { rule.sport.comparisonKey == $0 } ?? false })
                    ?? ofDivision.first(where: { $0.sport.comparisonKey == "*" })
            else { return nil }
            return window(rule, schools: schools, graduationYear: graduationYear, today: today)
        }
    }

    static func window(
        _ rule: ContactWindowRule,
        schools: Int,
        graduationYear: Int?,
        today: CivilDate
    ) -> ContactWindow {
        var opensOn: CivilDate?
        var state = State.unknown
        if rule.kind == .unrestricted {
            state = .open
        } else if let graduationYear, let grade = rule.reference.flatMap(grade),
            let day = rule.windowDate.flatMap(monthDay)
        {
            let endYear = graduationYear - (12 - grade)
            let year = rule.kind == .dateBeforeGrade ? endYear - 1 : endYear
            opensOn = CivilDate(year: year, month: day.month, day: day.day)
            if let opensOn { state = today >= opensOn ? .open : .opens }
        }
        return ContactWindow(
            division: rule.division,
            sport: rule.sport,
            kind: rule.kind,
            opensOn: opensOn,
            state: state,
            daysUntil: state == .opens ? opensOn.map { today.days(until: $0) } : nil,
            schools: schools,
            note: rule.notes,
            classKnown: graduationYear != nil
        )
    }

    /// The school year a reference names: 9 for `freshman` … 12 for `senior`.
    static func grade(_ reference: String) -> Int? {
        ["freshman": 9, "sophomore": 10, "junior": 11, "senior": 12][reference.comparisonKey]
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// "Aug 1", "Sept 1", "jun. 15": a month's first three letters (or `sept`), an optional
    /// dot, then the day.
    static func monthDay(_ text: String) -> (month: Int, day: Int)? {
        let words = text.comparisonKey.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2 else { return nil }
        var name = words[0]
        if name.hasSuffix(".") { name = name.dropLast() }
        let month = name == "sept" ? 9 : months.firstIndex(of: String(name)).map { $0 + 1 }
        guard let month, words[1].allSatisfy({ $0.isASCII && $0.isNumber }), let day = Int(words[1]),
            (1...31).contains(day)
        else {
            return nil
        }
        return (month, day)
    }
}
