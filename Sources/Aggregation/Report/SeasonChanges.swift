/// What the range changed (docs/season.md §2): status moves, coaches who wrote, new schools
/// and offers, and who viewed the athlete's profile. Pure: computed from one family's rows.
public struct SeasonChanges: Sendable, Equatable {
    /// How a status change moved a school along the app's funnel.
    public enum Direction: String, Sendable, CaseIterable {
        case forward, back, out, same
    }

    public struct StatusChange: Sendable, Equatable {
        public let id: String
        public let date: CivilDate
        public let school: String
        /// As recorded, older values included.
        public let from: StoredSchoolStatus?
        public let to: StoredSchoolStatus
        public let direction: Direction
        /// The member who made the change (full name, else e-mail); nil for anyone else.
        public let by: String?
        public let note: String?

        public init(
            id: String,
            date: CivilDate,
            school: String,
            from: StoredSchoolStatus?,
            to: StoredSchoolStatus,
            direction: Direction,
            by: String?,
            note: String?
        ) {
            (self.id, self.date, self.school, self.from, self.to) = (id, date, school, from, to)
            (self.direction, self.by, self.note) = (direction, by, note)
        }
    }

    public struct Moved: Sendable, Equatable {
        public var forward = 0, back = 0, out = 0

        public init(forward: Int = 0, back: Int = 0, out: Int = 0) {
            (self.forward, self.back, self.out) = (forward, back, out)
        }
    }

    public struct CoachWrote: Sendable, Equatable {
        public let coachID: String
        public let coach: String
        public let school: String
        public let inbound: Int
        public let last: CivilDate
        /// No inbound interaction of this coach's before the range.
        public let firstTime: Bool
    }

    public struct NewSchool: Sendable, Equatable {
        public let schoolID: String
        public let school: String
        public let status: SchoolStatus
        public let division: Division?
    }

    public struct NewOffer: Sendable, Equatable {
        public let offerID: String
        public let school: String
        public let offerType: FreeTextValue<OfferType>
        public let date: CivilDate
        public let deadline: CivilDate?
    }

    public struct CoachViews: Sendable, Equatable {
        public let coachID: String
        public let coach: String
        public let school: String
        public let views: Int
        public let lastViewed: CivilDate
    }

    public struct ProfileViews: Sendable, Equatable {
        public var total = 0
        public var byCoach: [CoachViews] = []
        public var other = 0
    }

    /// Nil without `school_status_history`.
    public var statusChanges: [StatusChange]?
    public var moved: Moved?
    public var coachesWhoWrote: [CoachWrote] = []
    public var otherInbound = 0
    public var newSchools: [NewSchool] = []
    public var newOffers: [NewOffer] = []
    /// Nil without `player_profiles` or `profile_views`.
    public var profileViews: ProfileViews?
    /// The outreach messages sent in the range (docs/next-steps.md); nil without `athlete_messages`.
    public var outreach: [Outreach]?

    public init() {}

    public static func compute(_ data: FamilyData, range: DateRange, zone: Zone) -> SeasonChanges {
        let family = FamilyLookup(data, zone: zone)
        let window = DayWindow(range: range, zone: zone)
        var changes = SeasonChanges()
        if let history = data.season.statusHistory {
            changes.statusChanges = statusChanges(history, family: family, window: window, zone: zone)
            var moved = Moved()
            for change in changes.statusChanges ?? [] {
                switch change.direction {
                case .forward: moved.forward += 1
                case .back: moved.back += 1
                case .out: moved.out += 1
                case .same: break
                }
            }
            changes.moved = moved
        }
        (changes.coachesWhoWrote, changes.otherInbound) = coachesWhoWrote(
            data,
            family: family,
            window: window,
            zone: zone
        )
        changes.newSchools = data.schools.filter { $0.createdAt.map(window.contains) ?? false }
            .sorted { family.byInstant($0.createdAt, $0.id, $1.createdAt, $1.id) }
            .map { NewSchool(schoolID: $0.id, school: $0.name, status: $0.status, division: $0.division) }
        changes.newOffers = newOffers(data, family: family, window: window, zone: zone)
        changes.profileViews = profileViews(data, family: family, window: window, zone: zone)
        changes.outreach = outreach(data, family: family, window: window)
        return changes
    }

    /// The direction of a change from `from` to `to` (a nil `from` is stage 0).
    public static func direction(from: StoredSchoolStatus?, to: StoredSchoolStatus) -> Direction {
        guard let target = to.stage else { return .out }
        guard let origin = from.map({ $0.stage }) ?? 0 else { return .forward }
        return origin < target ? .forward : origin > target ? .back : .same
    }

    private static func statusChanges(
        _ history: [StatusHistoryEntry],
        family: FamilyLookup,
        window: DayWindow,
        zone: Zone
    ) -> [StatusChange] {
        history.filter { family.schools[$0.schoolID] != nil && window.contains($0.changedAt) }
            .sorted { family.byInstant($0.changedAt, $0.id, $1.changedAt, $1.id) }
            .map { row in
                StatusChange(
                    id: row.id,
                    date: zone.date(of: row.changedAt),
                    school: family.schoolName(row.schoolID),
                    from: row.previousStatus,
                    to: row.newStatus,
                    direction: direction(from: row.previousStatus, to: row.newStatus),
                    by: row.changedBy.flatMap(family.memberName),
                    note: row.notes
                )
            }
    }

    private static func coachesWhoWrote(
        _ data: FamilyData,
        family: FamilyLookup,
        window: DayWindow,
        zone: Zone
    ) -> ([CoachWrote], Int) {
        var counts: [String: (inbound: Int, last: CivilDate)] = [:]
        var wroteBefore = Set<String>()
        var other = 0
        for interaction in data.interactions where interaction.direction == .inbound {
            let coach = interaction.coachID.flatMap { family.coaches[$0] }
            if window.contains(interaction.date) {
                guard let coach else {
                    other += 1
                    continue
                }
                let day = zone.date(of: interaction.date)
                let seen = counts[coach.id]
                counts[coach.id] = ((seen?.inbound ?? 0) + 1, max(seen?.last ?? day, day))
            } else if let coach, zone.instant(of: interaction.date) < window.start {
                wroteBefore.insert(coach.id)
            }
        }
        let wrote = counts.compactMap { id, count -> CoachWrote? in
            guard let coach = family.coaches[id] else { return nil }
            return CoachWrote(
                coachID: id,
                coach: coach.fullName,
                school: family.schoolName(coach.schoolID),
                inbound: count.inbound,
                last: count.last,
                firstTime: !wroteBefore.contains(id)
            )
        }.sorted { a, b in
            if a.last != b.last { return a.last > b.last }
            return family.coachByName(a.coachID, b.coachID)
        }
        return (wrote, other)
    }

    private static func newOffers(_ data: FamilyData, family: FamilyLookup, window: DayWindow, zone: Zone) -> [NewOffer]
    {
        data.offers.compactMap { offer -> NewOffer? in
            guard let dated = offer.offerDate ?? offer.createdAt, window.contains(dated) else { return nil }
            return NewOffer(
                offerID: offer.id,
                school: family.schoolName(offer.schoolID),
                offerType: offer.offerType,
                date: zone.date(of: dated),
                deadline: offer.deadlineDate.map(zone.date(of:))
            )
        }.sorted { a, b in
            if a.date != b.date { return a.date < b.date }
            return FamilyLookup.aToZ(a.school, b.school) ?? (a.offerID < b.offerID)
        }
    }

    private static func profileViews(
        _ data: FamilyData,
        family: FamilyLookup,
        window: DayWindow,
        zone: Zone
    ) -> ProfileViews? {
        guard let profiles = data.season.profiles, let views = data.season.profileViews else { return nil }
        let ownProfiles = Set(profiles.map(\.id))
        let coachOfLink = Dictionary(
            (data.season.trackingLinks ?? []).filter { ownProfiles.contains($0.profileID) }.compactMap { link in
                link.coachID.flatMap { family.coaches[$0] != nil ? (link.id, $0) : nil }
            },
            uniquingKeysWith: { first, _ in first }
        )
        var result = ProfileViews()
        var byCoach: [String: (views: Int, last: CivilDate)] = [:]
        for view in views where ownProfiles.contains(view.profileID) && window.contains(view.viewedAt) {
            result.total += 1
            guard let coach = view.trackingLinkID.flatMap({ coachOfLink[$0] }) else {
                result.other += 1
                continue
            }
            let day = zone.date(of: view.viewedAt)
            let seen = byCoach[coach]
            byCoach[coach] = ((seen?.views ?? 0) + 1, max(seen?.last ?? day, day))
        }
        result.byCoach = byCoach.compactMap { id, count -> CoachViews? in
            guard let coach = family.coaches[id] else { return nil }
            return CoachViews(
                coachID: id,
                coach: coach.fullName,
                school: family.schoolName(coach.schoolID),
                views: count.views,
                lastViewed: count.last
            )
        }.sorted { a, b in
            if a.views != b.views { return a.views > b.views }
            return family.coachByName(a.coachID, b.coachID)
        }
        return result
    }
}
