import Foundation

/// A row of the schools list (the schools comparison): the school with what the list derives for it.
public struct SchoolListRow: ListRow, Sendable {
    public let school: School
    public let state: String?
    public let size: SizeCategory?
    /// Miles from the home location; nil when either side is unknown.
    public let distance: Double?
    /// The latest of the school's interactions and its coaches' last contact.
    public let lastContact: Instant?
    public let lastContactDay: CivilDate?
    /// The most recent offer, by offer date, then created_at.
    public let offer: Offer?
    public let coachCount: Int
    public let interactionCount: Int
    /// The name folded once for the A–Z sort.
    let sortName: SortText

    init(
        school: School,
        state: String?,
        size: SizeCategory?,
        distance: Double?,
        lastContact: Instant?,
        lastContactDay: CivilDate?,
        offer: Offer?,
        coachCount: Int,
        interactionCount: Int
    ) {
        self.school = school
        self.state = state
        self.size = size
        self.distance = distance
        self.lastContact = lastContact
        self.lastContactDay = lastContactDay
        self.offer = offer
        self.coachCount = coachCount
        self.interactionCount = interactionCount
        sortName = SortText(school.name)
    }

    public var id: String { school.id }

    /// The state of a school: its column, else academic_info's, else parsed from the location.
    public static func state(of school: School) -> String? {
        for candidate in [school.state, school.academicInfo?.state] {
            if let value = candidate?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return value.uppercased() }
        }
        return school.location.flatMap(USState.parse(location:))
    }

    /// The rows of a family's schools.
    public static func rows(
        _ data: FamilyData,
        tally: InteractionTally,
        home: Coordinate?,
        zone: Zone
    ) -> [SchoolListRow] {
        var coachCounts: [String: Int] = [:]
        var coachContact: [String: Instant] = [:]
        for coach in data.coaches {
            guard let school = coach.schoolID else { continue }
            coachCounts[school, default: 0] += 1
            if let contact = coach.lastContactDate.map(zone.instant(of:)),
                coachContact[school].map({ contact > $0 }) ?? true
            {
                coachContact[school] = contact
            }
        }
        var offers: [String: Offer] = [:]
        func offerKey(_ offer: Offer) -> (Instant?, Instant?) {
            (offer.offerDate.map(zone.instant(of:)), offer.createdAt.map(zone.instant(of:)))
        }
        func isLater(_ a: (Instant?, Instant?), than b: (Instant?, Instant?)) -> Bool {
            func cmp(_ x: Instant?, _ y: Instant?) -> Int {
                switch (x, y) {
                case (nil, nil): 0
                case (nil, _): -1
                case (_, nil): 1
                case (let x?, let y?): x == y ? 0 : (x < y ? -1 : 1)
                }
            }
            let first = cmp(a.0, b.0)
            return first != 0 ? first > 0 : cmp(a.1, b.1) > 0
        }
        for offer in data.offers {
            guard let school = offer.schoolID else { continue }
            if let current = offers[school] {
                let (new, old) = (offerKey(offer), offerKey(current))
                if isLater(new, than: old) || (!isLater(old, than: new) && CodePoint.less(current.id, offer.id)) {
                    offers[school] = offer
                }
            } else {
                offers[school] = offer
            }
        }
        return data.schools.map { school in
            let interactionContact = tally.schools[school.id]?.latest
            let contact = [interactionContact, coachContact[school.id]].compactMap { $0 }.max()
            return SchoolListRow(
                school: school,
                state: state(of: school),
                size: SizeCategory(students: school.academicInfo?.studentSize),
                distance: home.flatMap { h in school.academicInfo?.coordinate.map { Haversine.miles(h, $0) } },
                lastContact: contact,
                lastContactDay: contact.map(zone.date(of:)),
                offer: offers[school.id],
                coachCount: coachCounts[school.id] ?? 0,
                interactionCount: tally.schools[school.id]?.interactions ?? 0
            )
        }
    }
}
