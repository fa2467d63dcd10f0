/// A family's schools, coaches and members by id, and the orders the season's lists share.
struct FamilyLookup {
    let schools: [String: School]
    let coaches: [String: Coach]
    let zone: Zone
    private let data: FamilyData

    init(_ data: FamilyData, zone: Zone) {
        self.data = data
        self.zone = zone
        schools = Dictionary(data.schools.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        coaches = Dictionary(data.coaches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The name of one of the family's schools, else `Unknown School`.
    func schoolName(_ id: String?) -> String { id.flatMap { schools[$0]?.name } ?? CoachListRow.unknownSchool }

    /// The name of one of the family's schools, else nil.
    func knownSchoolName(_ id: String?) -> String? { id.flatMap { schools[$0]?.name } }

    /// A member's full name, else their e-mail; nil for a user who is not a member.
    func memberName(_ userID: String) -> String? {
        guard data.membership(of: userID) != nil, let user = data.users[userID] else { return nil }
        if let name = user.fullName, !name.allSatisfy(\.isWhitespace) { return name }
        return user.email
    }

    /// A–Z ignoring case and accents; nil when the two read the same.
    static func aToZ(_ a: String, _ b: String) -> Bool? {
        let x = FoldedText.fold(a)
        let y = FoldedText.fold(b)
        return x == y ? nil : x < y
    }

    /// Coaches by last name, then first name, then id.
    func coachByName(_ a: String, _ b: String) -> Bool {
        guard let x = coaches[a], let y = coaches[b] else { return a < b }
        return Self.aToZ(x.lastName, y.lastName) ?? Self.aToZ(x.firstName, y.firstName) ?? (a < b)
    }

    /// By instant in the report's zone (nil last), then id.
    func byInstant(_ a: Timestamp?, _ aID: String, _ b: Timestamp?, _ bID: String) -> Bool {
        switch (a.map(zone.instant(of:)), b.map(zone.instant(of:))) {
        case (let x?, let y?) where x != y: return x < y
        case (nil, .some): return false
        case (.some, nil): return true
        default: return aID < bID
        }
    }
}
