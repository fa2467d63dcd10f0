import Foundation

/// A school's size by its number of students (docs/lists.md).
public enum SizeCategory: String, CaseIterable, Sendable {
    case verySmall = "Very Small"
    case small = "Small"
    case medium = "Medium"
    case large = "Large"
    case veryLarge = "Very Large"

    public init?(students: Int?) {
        guard let students else { return nil }
        switch students {
        case ..<1_000: self = .verySmall
        case 1_000..<5_000: self = .small
        case 5_000..<15_000: self = .medium
        case 15_000..<30_000: self = .large
        default: self = .veryLarge
        }
    }

    public var displayName: String { rawValue }
}

/// Distances on Earth.
public enum Haversine {
    public static let earthRadiusMiles = 3958.8

    /// The great-circle distance in miles.
    public static func miles(_ a: Coordinate, _ b: Coordinate) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad
        let dLon = (b.longitude - a.longitude) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * pow(sin(dLon / 2), 2)
        return 2 * earthRadiusMiles * asin(min(1, sqrt(h)))
    }
}

/// US state, DC and territory codes, for reading a state out of a free-text location.
public enum USState {
    public static let codes: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
        "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK",
        "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC",
        "AS", "GU", "MP", "PR", "VI", "UM",
    ]

    /// The code at the end of a location after a comma, optionally followed by a ZIP code:
    /// "Austin, TX" → TX, "Austin, tx 78701" → TX, "Montréal, QC" → nil.
    public static func parse(location: String) -> String? {
        guard let comma = location.lastIndex(of: ",") else { return nil }
        var words = location[location.index(after: comma)...].split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count == 2, isZIP(words[1]) { words.removeLast() }
        guard words.count == 1 else { return nil }
        let code = words[0].uppercased()
        return codes.contains(code) ? code : nil
    }

    private static func isZIP(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        func digits(_ part: Substring, _ count: Int) -> Bool {
            part.count == count && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
        }
        return (parts.count == 1 && digits(parts[0], 5))
            || (parts.count == 2 && digits(parts[0], 5) && digits(parts[1], 4))
    }
}

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

/// The sorts of the schools list (docs/lists.md).
public enum SchoolSort: String, CaseIterable, Sendable {
    case name
    case fitScore = "fit-score"
    case distance
    case lastContact = "last-contact"
}

/// The filters and sort of the schools list.
public struct SchoolFilters: Sendable {
    public var search: String?
    public var division: Division?
    /// Any of these statuses (OR within the option); empty means all.
    public var statuses: [SchoolStatus] = []
    public var state: String?
    public var favoritesOnly = false
    public var tier: PriorityTier?
    public var fitMin: Double?
    public var fitMax: Double?
    public var maxDistance: Double?
    public var sort: SchoolSort = .name

    public init() {}

    /// The query. `hasHome` says whether distances can be computed.
    /// - Throws: `SchoolFilterError.needsHomeLocation` for a distance filter without a home location.
    public func query(hasHome: Bool) throws(SchoolFilterError) -> ListQuery<SchoolListRow> {
        var filters: [ListFilter<SchoolListRow>] = []
        if let search, !search.isEmpty {
            let folded = FoldedText.fold(search)
            filters.append(ListFilter { FoldedText.matches(folded, in: [$0.school.name, $0.school.location]) })
        }
        if let division { filters.append(ListFilter { $0.school.division == division }) }
        if !statuses.isEmpty {
            let wanted = Set(statuses)
            filters.append(ListFilter { wanted.contains($0.school.status) })
        }
        if let state {
            let code = state.uppercased()
            filters.append(ListFilter { $0.state == code })
        }
        if favoritesOnly { filters.append(ListFilter { $0.school.isFavorite }) }
        if let tier { filters.append(ListFilter { $0.school.priorityTier == tier }) }
        if fitMin != nil || fitMax != nil {
            let low = fitMin ?? 0
            let high = fitMax ?? 100
            filters.append(ListFilter { row in row.school.fitScore.map { low <= $0 && $0 <= high } ?? false })
        }
        if let maxDistance {
            guard hasHome else { throw .needsHomeLocation }
            filters.append(ListFilter { row in row.distance.map { $0 <= maxDistance } ?? false })
        }
        return ListQuery(filters: filters, sort: keys)
    }

    private var keys: [SortKey<SchoolListRow>] {
        let byName = SortKey<SchoolListRow> { FoldedText.compare($0.sortName, $1.sortName) }
        switch sort {
        case .name: return [byName]
        case .fitScore: return [.descending { $0.school.fitScore }]
        case .distance: return [.ascending { $0.distance }]
        case .lastContact: return [.descending { $0.lastContact }]
        }
    }
}

/// Why the schools list's filters cannot run.
public enum SchoolFilterError: Error, Hashable, Sendable, CustomStringConvertible {
    case needsHomeLocation

    public var description: String { "Set a home location (--home LAT,LON) to filter by distance" }
}
