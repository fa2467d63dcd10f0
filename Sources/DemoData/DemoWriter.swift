import Aggregation
import AppStore
import Foundation
import GRDB
import SeededRandom

/// The shape of one demo family to write: its name, how many schools and interactions, its zone,
/// who has a home, the player's role and sport.
private struct DemoFamilyShape {
    let name: String?
    let schools: Int
    let timezone: String?
    /// Interactions per school over the two years.
    let interactionsPerSchool: ClosedRange<Int>
    /// Who has a home location: the player, a parent, both or nobody.
    let playerHome: (Double, Double)?
    let parentHome: (Double, Double)?
    /// The raw role string of the player in family_members (`player`, or the alias `athlete`).
    let playerRole: String
    /// The player's sport, named by `users.primary_sport_id`, or by the player's `player`
    /// preference when `sportInPreferences` (as the app keeps it for most accounts).
    var sport = "Baseball"
    var sportInPreferences = false
}

/// Generates the rows of the demo database from a seed.
struct DemoWriter {
    private var random: SplitMix64
    /// The players' classes and metrics draw from a stream of their own, so that what they
    /// draw never moves the rest of the demo.
    private var athleteRandom: SplitMix64
    private let options: DemoOptions
    private let zones: [String: Zone]
    private let familyUnits, users, members, preferences, schools, coaches, interactions, metrics, offers: TableInserter
    private var summary = DemoSummary()
    private var hostileIndex = 0
    /// The season's tables, from a random stream of their own.
    private var season: DemoSeasonWriter
    private var nextSteps: DemoNextStepsWriter

    init(db: Database, options: DemoOptions) throws {
        self.options = options
        random = SplitMix64(seed: options.seed)
        athleteRandom = SplitMix64(seed: options.seed ^ 0xA7B1_E7E5_0000_0001)
        var zones: [String: Zone] = [:]
        for name in DemoCatalog.timezones { zones[name] = Zone(identifier: name) }
        self.zones = zones
        func inserter(_ table: AppSchema.Table) throws -> TableInserter {
            try TableInserter(db: db, table: table, includeOptionalColumns: options.includeOptionalColumns)
        }
        familyUnits = try inserter(AppSchema.familyUnits)
        users = try inserter(AppSchema.users)
        members = try inserter(AppSchema.familyMembers)
        preferences = try inserter(AppSchema.userPreferences)
        schools = try inserter(AppSchema.schools)
        coaches = try inserter(AppSchema.coaches)
        interactions = try inserter(AppSchema.interactions)
        metrics = try inserter(AppSchema.performanceMetrics)
        offers = try inserter(AppSchema.offers)
        season = try DemoSeasonWriter(db: db, options: options)
        nextSteps = try DemoNextStepsWriter(db: db, options: options)
    }

    /// The first four families: the large one, the older snapshot, another sport, and one with no data.
    private static let handMade: [DemoFamilyShape] = [
        DemoFamilyShape(
            name: "Rivera Family",
            schools: 40,
            timezone: "America/New_York",
            interactionsPerSchool: 4...22,
            playerHome: (35.2271, -80.8431),
            parentHome: (35.2271, -80.8431),
            playerRole: "player"
        ),
        DemoFamilyShape(
            name: "Nguyễn-Okafor Family, \"The Hawks\"",
            schools: 12,
            timezone: "America/Chicago",
            interactionsPerSchool: 3...15,
            playerHome: nil,
            parentHome: (41.8781, -87.6298),
            playerRole: "athlete",
            sport: "Softball",
            sportInPreferences: true
        ),
        DemoFamilyShape(
            name: "田中 Tanaka Family 🏈",
            schools: 16,
            timezone: "America/Los_Angeles",
            interactionsPerSchool: 3...14,
            playerHome: (34.0522, -118.2437),
            parentHome: nil,
            playerRole: "player",
            sport: "Football"
        ),
        DemoFamilyShape(
            name: nil,
            schools: 0,
            timezone: nil,
            interactionsPerSchool: 0...0,
            playerHome: nil,
            parentHome: nil,
            playerRole: "player"
        ),
    ]

    mutating func writeAll() throws -> DemoSummary {
        try season.writeShared()
        try nextSteps.writeRules()
        for index in 0..<max(0, options.families) {
            let shape: DemoFamilyShape
            if index == 0, options.scale > 1 || options.interactionScale != nil {
                let base = Self.handMade[0]
                let k = options.scale
                let m = options.interactionScale ?? options.scale
                shape = DemoFamilyShape(
                    name: base.name,
                    schools: base.schools * k,
                    timezone: base.timezone,
                    interactionsPerSchool: (base.interactionsPerSchool.lowerBound * m)...(base.interactionsPerSchool
                        .upperBound * m),
                    playerHome: base.playerHome,
                    parentHome: base.parentHome,
                    playerRole: base.playerRole
                )
            } else if index < Self.handMade.count {
                shape = Self.handMade[index]
            } else {
                let surname = DemoCatalog.familySurnames[index % DemoCatalog.familySurnames.count]
                let home: (Double, Double)? =
                    random.chance(0.6) ? (Double(random.int(25...48)), -Double(random.int(70...122))) : nil
                shape = DemoFamilyShape(
                    name: "\(surname) Family \(index + 1)",
                    schools: random.int(3...25),
                    timezone: random.chance(0.9) ? random.pick(DemoCatalog.timezones) : nil,
                    interactionsPerSchool: 2...12,
                    playerHome: home,
                    parentHome: nil,
                    playerRole: "player"
                )
            }
            let record = try writeFamily(shape, large: index == 0, olderSnapshot: index == 1)
            try season.write(record)
            try nextSteps.write(record)
        }
        return summary
    }

    // MARK: One family

    /// Writes one family's rows and returns what the season's tables need of them.
    /// The family of `olderSnapshot` stores its schools' statuses as the app did before
    /// August 2026 (`interested`, `camp_invite`, `declined`, …), as an older snapshot would.
    private mutating func writeFamily(
        _ shape: DemoFamilyShape,
        large: Bool,
        olderSnapshot: Bool
    ) throws -> DemoFamilyRecord {
        let familyID = random.uuid()
        let zone = shape.timezone.flatMap { zones[$0] } ?? .utc
        let created = daysAgo(760)
        try familyUnits.insert([
            "id": familyID, "family_name": shape.name, "created_at": stamp(created, hour: 9, zone: zone, style: 0),
        ])
        summary.families += 1
        let people = try writePeople(shape, familyID: familyID, large: large)
        var record = DemoFamilyRecord(
            familyID: familyID,
            zone: zone,
            members: [people.player, people.parent],
            large: large,
            olderSnapshot: olderSnapshot
        )
        guard shape.schools > 0 else { return record }
        try writeSchools(shape, people: people, into: &record)
        try writeUnattachedCoaches(into: &record)
        try writeMetrics(familyID: familyID, player: people.player, sport: shape.sport, zone: zone, large: large)
        return record
    }

    /// The users of a family and who among them logs its interactions.
    private struct FamilyPeople {
        let player: String
        let parent: String
        /// The player, the parent and, in the large family, the admin.
        let loggers: [String]
    }

    /// Writes the athlete, one or two parents (an admin with a parent's role in the large
    /// family), their memberships, their home locations and the parent's preferences.
    private mutating func writePeople(_ shape: DemoFamilyShape, familyID: String, large: Bool) throws -> FamilyPeople {
        let player = random.uuid()
        let parent = random.uuid()
        let first = random.pick(DemoCatalog.firstNames)
        let surname = shape.name?.components(separatedBy: " ").first ?? "Demo"
        try users.insert([
            "id": player, "email": "athlete.\(player.prefix(6))@example.com", "full_name": "\(first) \(surname)",
            "role": shape.playerRole, "timezone": shape.timezone,
            "primary_sport_id": shape.sportInPreferences ? nil : season.sportIDs[shape.sport],
            "graduation_year": 2027 + athleteRandom.int(0...2),
        ])
        try users.insert([
            "id": parent, "email": "parent.\(parent.prefix(6))@example.com",
            "full_name": random.chance(0.8) ? "\(random.pick(DemoCatalog.firstNames)) \(surname)" : nil,
            "role": "parent", "timezone": shape.timezone,
        ])
        try members.insert(["family_unit_id": familyID, "user_id": player, "role": shape.playerRole])
        try members.insert(["family_unit_id": familyID, "user_id": parent, "role": "parent"])
        var loggers = [player, parent]
        summary.users += 2
        if large {
            // An admin user who is a member of the family, with a parent's role in it.
            let admin = random.uuid()
            try users.insert([
                "id": admin, "email": "coach.helper@example.com", "full_name": "Zoë Admin-Müller", "role": "admin",
                "timezone": nil,
            ])
            try members.insert(["family_unit_id": familyID, "user_id": admin, "role": "parent"])
            loggers.append(admin)
            summary.users += 1
        }
        if let home = shape.playerHome { try writeLocation(user: player, home) }
        if let home = shape.parentHome { try writeLocation(user: parent, home) }
        if shape.sportInPreferences {
            try preferences.insert([
                "user_id": player, "category": "player",
                "data": json(["primary_sport": shape.sport, "position": "SS"]),
            ])
        }
        try preferences.insert([
            "user_id": parent, "category": "notifications", "data": json(["email": true, "weekly": "monday"]),
        ])
        return FamilyPeople(player: player, parent: parent, loggers: loggers)
    }

    /// Writes the family's schools, each with its coaches, its interactions and an offer when
    /// its status has one, from the colleges in a shuffled order.
    private mutating func writeSchools(
        _ shape: DemoFamilyShape,
        people: FamilyPeople,
        into record: inout DemoFamilyRecord
    ) throws {
        let (familyID, zone, large) = (record.familyID, record.zone, record.large)
        var collegeOrder = Array(DemoCatalog.colleges.indices)
        collegeOrder.shuffle(using: &random)
        for index in 0..<shape.schools {
            let college = DemoCatalog.colleges[collegeOrder[index % collegeOrder.count]]
            let status = schoolStatus(index: index, large: large)
            let school = try writeSchool(
                college,
                index: index,
                familyID: familyID,
                owner: people.player,
                status: status,
                stored: record.olderSnapshot
                    ? Self.olderSpelling(status, index: index) : StoredSchoolStatus(status),
                zone: zone,
                large: large
            )
            record.schools.append(school)
            let coachIDs = try writeSchoolCoaches(index: index, schoolID: school.id, into: &record)
            let count = random.int(shape.interactionsPerSchool)
            for number in 0..<count {
                try writeInteraction(
                    familyID: familyID,
                    schoolID: school.id,
                    coachID: random.chance(0.85) ? random.pick(coachIDs) : nil,
                    loggers: people.loggers,
                    zone: zone,
                    recent: number == 0 && index < 6
                )
            }
            if [.offerReceived, .committed].contains(status) || (large && index == 3) {
                try writeOffer(
                    familyID: familyID,
                    schoolID: school.id,
                    coachID: coachIDs.first,
                    user: people.player,
                    zone: zone
                )
            }
        }
    }

    /// The status of the family's school at `index`: every status once in the large family's
    /// first schools, else a draw weighted towards the common ones.
    private mutating func schoolStatus(index: Int, large: Bool) -> SchoolStatus {
        index < SchoolStatus.allCases.count && large
            ? SchoolStatus.allCases[index]
            : random.pick(
                [
                    .researching, .contacted, .contacted, .contacted, .visiting, .offerReceived, .visiting,
                    .notPursuing,
                ] as [SchoolStatus]
            )
    }

    /// How the app stored `status` before August 2026: `contacted` as `interested` (the map
    /// reads it back as contacted when the school has an interaction), `visiting` as one of the
    /// four statuses it replaced, `not_pursuing` as `declined`.
    static func olderSpelling(_ status: SchoolStatus, index: Int) -> StoredSchoolStatus {
        switch status {
        case .contacted: .interested
        case .visiting:
            [.campInvite, .recruited, .officialVisitInvited, .officialVisitScheduled][index % 4]
        case .notPursuing: .declined
        case .researching, .offerReceived, .committed: StoredSchoolStatus(status)
        }
    }

    /// Writes a school's coaches, a head coach first (three coaches at the first school), and
    /// returns their ids.
    private mutating func writeSchoolCoaches(
        index: Int,
        schoolID: String,
        into record: inout DemoFamilyRecord
    ) throws -> [String] {
        var coachIDs: [String] = []
        let coachCount = index == 0 ? 3 : random.int(1...3)
        for coachIndex in 0..<coachCount {
            let role: CoachRole = coachIndex == 0 ? .head : random.pick([.assistant, .recruiting])
            coachIDs.append(
                try writeCoach(
                    familyID: record.familyID,
                    schoolID: schoolID,
                    role: role,
                    zone: record.zone,
                    position: summary.coaches
                )
            )
            record.coaches.append(coachIDs[coachIDs.count - 1])
        }
        return coachIDs
    }

    /// Writes the family's coaches whose school is not set, which show "Unknown School".
    private mutating func writeUnattachedCoaches(into record: inout DemoFamilyRecord) throws {
        let unattached = record.large ? 2 : random.int(0...1)
        for _ in 0..<unattached {
            let coachID = try writeCoach(
                familyID: record.familyID,
                schoolID: nil,
                role: .recruiting,
                zone: record.zone,
                position: summary.coaches
            )
            record.coaches.append(coachID)
        }
    }

    private mutating func writeLocation(user: String, _ home: (Double, Double)) throws {
        try preferences.insert([
            "user_id": user, "category": "location",
            "data": json(["latitude": home.0, "longitude": home.1, "city": "Home", "zip": "00000"]),
        ])
    }

    private mutating func writeSchool(
        _ college: DemoCatalog.College,
        index: Int,
        familyID: String,
        owner: String,
        status: SchoolStatus,
        stored: StoredSchoolStatus,
        zone: Zone,
        large: Bool
    ) throws -> DemoFamilyRecord.School {
        let id = random.uuid()
        let suffix = index >= DemoCatalog.colleges.count ? " (Campus \(index / DemoCatalog.colleges.count + 1))" : ""
        let name = college.name + suffix
        let location: String? =
            random.chance(0.08)
            ? nil
            : college.state.isEmpty
                ? "\(college.city), \(random.pick(["Brazil", "Ghana"]))"
                : random.chance(0.2)
                    ? "\(college.city), \(college.state.lowercased()) 0\(random.int(1000...9999))"
                    : "\(college.city), \(college.state)"
        var info: [String: Any]? = nil
        if !random.chance(0.1) {
            var object: [String: Any] = [
                "latitude": college.latitude, "longitude": college.longitude, "student_size": college.students,
            ]
            if random.chance(0.3) { object["state"] = college.state }
            if random.chance(0.7) { object["admission_rate"] = Double(random.int(5...90)) / 100 }
            if random.chance(0.5) { object["gpa_requirement"] = Double(random.int(25...38)) / 10 }
            if random.chance(0.4) { object["sat_requirement"] = random.int(1000...1500) }
            if random.chance(0.2) { object["act_requirement"] = NSNull() }
            if random.chance(0.1) { object.removeValue(forKey: "student_size") }
            info = object
        }
        let fitScore: Double? =
            random.chance(0.2) ? nil : (index == 1 && large ? 0 : Double(random.int(200...1000)) / 10)
        let created = daysAgo(random.int(30...720))
        let row: [String: (any DatabaseValueConvertible)?] = [
            "id": id, "family_unit_id": familyID, "user_id": owner, "name": name, "location": location,
            "city": random.chance(0.9) ? college.city : nil,
            "state": random.chance(0.5) && !college.state.isEmpty ? college.state : nil,
            "division": random.chance(0.1) ? nil : college.division, "conference": college.conference,
            "status": stored.rawValue, "is_favorite": random.chance(0.1) ? nil : (random.chance(0.25) ? 1 : 0),
            "pros": random.chance(0.3)
                ? nil : json(Array(DemoCatalog.pros.shuffled(using: &random).prefix(random.int(0...3)))),
            "cons": random.chance(0.3)
                ? nil : json(Array(DemoCatalog.cons.shuffled(using: &random).prefix(random.int(0...2)))),
            "notes": random.chance(0.3) ? nextHostile() : (random.chance(0.5) ? nil : "Visited in the spring."),
            "website": "https://athletics.example.edu/\(id.prefix(8))",
            "favicon_url": random.chance(0.5) ? "https://athletics.example.edu/\(id.prefix(8))/favicon.ico" : nil,
            "academic_info": info.map { json($0) },
            "fit_tier": random.chance(0.2) ? nil : random.pick(FitTier.allCases).rawValue,
            "fit_score": fitScore,
            "priority_tier": random.chance(0.3) ? nil : random.pick(PriorityTier.allCases).rawValue,
            "ranking": random.chance(0.5) ? nil : random.int(1...200),
            // Two schools in three have the questionnaire filled in; no random draw, so the rest stays put.
            "questionnaire_completed": index % 3 == 0 ? 0 : 1,
            "status_changed_at": stamp(created.adding(days: random.int(0...20)), hour: 14, zone: zone, style: 1),
            "created_at": stamp(created, hour: 10, zone: zone, style: 0),
            "updated_at": stamp(created.adding(days: 25), hour: 16, zone: zone, style: 2),
        ]
        try schools.insert(row)
        summary.schools += 1
        return DemoFamilyRecord.School(
            id: id,
            name: name,
            status: status,
            created: created,
            city: college.city,
            state: college.state
        )
    }

    /// Responsiveness scores on both sides of every level boundary, and nulls.
    private static let scoreSamples: [Double?] = [nil, 49.99, 50, 74.99, 75, 100, 0, 62.5, 88, 31]

    private mutating func writeCoach(
        familyID: String,
        schoolID: String?,
        role: CoachRole,
        zone: Zone,
        position: Int
    ) throws -> String {
        let id = random.uuid()
        let first = random.pick(DemoCatalog.firstNames)
        let last = random.pick(DemoCatalog.lastNames)
        let handle = "\(first.prefix(1))\(last)".folding(options: [.diacriticInsensitive], locale: nil)
            .lowercased().filter { $0.isLetter && $0.isASCII }
        let score = DemoWriter.scoreSamples[position % DemoWriter.scoreSamples.count]
        let lastContact: String? =
            random.chance(0.2)
            ? nil : stamp(daysAgo(random.int(0...200)), hour: random.int(8...20), zone: zone, style: random.int(0...3))
        var email = random.chance(0.9) ? "\(handle)@athletics.example.edu" : nil
        var phone = random.chance(0.8) ? "+1 555-\(random.int(100...999))-\(random.int(1000...9999))" : nil
        // Handles within the app's 15 characters.
        var twitter = random.chance(0.6) ? "\(handle.prefix(9))_coach" : nil
        var instagram = random.chance(0.4) ? handle : nil
        // A few stored values break the Add Coach rules, as the app lets them in through other
        // paths (the report's "Contact details to fix"); no random draw, so the other rows stay.
        switch position % 29 {
        case 3: email = "notanemail"
        case 7: phone = "123"
        case 11: twitter = "this_is_way_too_long_for_twitter"
        case 13: instagram = "invalid handle with spaces"
        case 17: phone = "call me"
        default: break
        }
        try coaches.insert([
            "id": id, "family_unit_id": familyID, "school_id": schoolID, "user_id": nil, "role": role.rawValue,
            "first_name": first, "last_name": last,
            "email": email, "phone": phone, "twitter_handle": twitter, "instagram_handle": instagram,
            "notes": random.chance(0.25) ? nextHostile() : nil,
            "responsiveness_score": score, "last_contact_date": lastContact,
            "created_at": stamp(daysAgo(random.int(100...700)), hour: 11, zone: zone, style: 0),
            "updated_at": nil,
        ])
        summary.coaches += 1
        return id
    }

    private mutating func writeInteraction(
        familyID: String,
        schoolID: String,
        coachID: String?,
        loggers: [String],
        zone: Zone,
        recent: Bool
    ) throws {
        let id = random.uuid()
        // Denser in recent months, and one per early school in the last week so that weekly reports have data.
        let age = recent ? random.int(0...6) : Int(pow(Double.random(in: 0..<1, using: &random), 1.6) * 730)
        let day = daysAgo(age)
        let type =
            summary.interactions < InteractionType.allCases.count
            ? InteractionType.allCases[summary.interactions] : random.pick(InteractionType.allCases)
        let sentiment: Sentiment? = random.chance(0.15) ? nil : random.pick(Sentiment.allCases)
        let hour = random.chance(0.05) ? 23 : random.int(7...21)
        let occurred = stamp(
            day,
            hour: hour,
            minute: hour == 23 ? 30 : random.int(0...59),
            zone: zone,
            style: random.int(0...3)
        )
        let hasOccurred = !random.chance(0.05)
        let attachments: String? =
            random.chance(0.6)
            ? nil
            : json(
                (0..<random.int(0...3)).map { "attachment-\($0 + 1)\(random.pick([".pdf", ".jpg", " (copy).png"]))" }
            )
        try interactions.insert([
            "id": id, "family_unit_id": familyID, "school_id": schoolID, "coach_id": coachID, "type": type.rawValue,
            "direction": random.chance(0.55) ? "outbound" : "inbound",
            "subject": random.chance(0.1)
                ? nil : (random.chance(0.2) ? nextHostile() : "\(type.displayName) about the program"),
            "content": random.chance(0.3)
                ? nil : (random.chance(0.3) ? nextHostile() : "Talked about next steps, visits and academics."),
            "sentiment": sentiment?.rawValue, "occurred_at": hasOccurred ? occurred : nil,
            "logged_by": random.chance(0.05) ? nil : random.pick(loggers), "attachments": attachments,
            "created_at": stamp(day, hour: min(hour + 1, 23), zone: zone, style: 0), "updated_at": nil,
        ])
        summary.interactions += 1
    }

    private mutating func writeOffer(
        familyID: String,
        schoolID: String,
        coachID: String?,
        user: String,
        zone: Zone
    ) throws {
        // The four types the demo has always drawn from, so that a seed keeps giving the same rows.
        let type = random.pick([OfferType.fullRide, .partial, .preferredWalkOn, .walkOn])
        let offered = daysAgo(random.int(5...300))
        let id = random.uuid()
        var status = random.chance(0.2) ? nil : random.pick(OfferStatus.allCases).rawValue
        let amount = type == .fullRide ? 58_000 : (random.chance(0.5) ? Double(random.int(5...40)) * 1000 : nil)
        let percentage = type == .fullRide ? 100 : (type == .partial ? Double(random.int(10...90)) : nil)
        var deadline = random.chance(0.7) ? offered.adding(days: 60).description : nil
        // Every sixth offer is pending with a deadline in the coming two weeks, so that the
        // report's follow-ups have deadlines (red, amber and plain); no random draw.
        if summary.offers % 6 == 0 {
            status = OfferStatus.pending.rawValue
            deadline = daysAgo(-[2, 6, 12][(summary.offers / 6) % 3]).description
        }
        try offers.insert([
            "id": id, "family_unit_id": familyID, "user_id": user, "school_id": schoolID, "coach_id": coachID,
            "offer_type": type.rawValue, "status": status,
            "scholarship_amount": amount,
            "scholarship_percentage": percentage,
            "offer_date": offered.description, "deadline_date": deadline,
            "conditions": random.chance(0.3) ? "Maintain a 3.0 GPA, \"in good standing\"" : nil, "notes": nil,
            "created_at": stamp(offered, hour: 12, zone: zone, style: 0),
        ])
        summary.offers += 1
    }

    /// The player's metrics: the sport's registry keys (docs/metrics.md) measured over two
    /// years, with sources and a verified flag, one headline stat (`is_primary`, its latest
    /// entry), and in the large family a custom key, an entry with only a display value and a
    /// type with no value.
    private mutating func writeMetrics(
        familyID: String,
        player: String,
        sport: String,
        zone: Zone,
        large: Bool
    ) throws {
        let catalog = DemoCatalog.metrics(sport: sport)
        let kinds =
            large ? catalog : [catalog[0]] + Array(catalog.dropFirst().shuffled(using: &athleteRandom).prefix(2))
        for (position, kind) in kinds.enumerated() {
            let recordings = athleteRandom.int(3...8)
            for recording in 0..<recordings {
                // The headline stat's latest entry has a value and falls in the last days.
                let headline = position == 0 && recording == 0
                let day = daysAgo(
                    headline
                        ? athleteRandom.int(1...4)
                        : recording == 0 ? athleteRandom.int(0...6) : athleteRandom.int(7...720)
                )
                var value: Double? = athleteRandom.chance(0.1) && !headline ? nil : kind.range.lowerBound
                if value != nil {
                    let scale = pow(10, Double(kind.places))
                    value = (athleteRandom.double(in: kind.range) * scale).rounded() / scale
                }
                // The app's migration stored each older row's display value as value and unit.
                let display = value.map { String(format: "%.\(kind.places)f", $0) + " " + (kind.unit ?? "") }
                try metrics.insert([
                    "id": athleteRandom.uuid(), "family_unit_id": familyID, "user_id": player, "metric_type": kind.type,
                    "value": value, "unit": kind.unit.map { athleteRandom.chance(0.1) ? $0.uppercased() : $0 },
                    "recorded_date": athleteRandom.chance(0.1) ? nil : day.description,
                    "notes": athleteRandom.chance(0.1) ? athleteRandom.pick(DemoCatalog.hostile) : nil,
                    "verified": athleteRandom.chance(0.2) ? nil : (athleteRandom.chance(0.5) ? 1 : 0),
                    "display_value": display,
                    "source": athleteRandom.chance(0.6) ? athleteRandom.pick(DemoCatalog.metricSources) : nil,
                    "is_primary": headline ? 1 : 0,
                    "created_at": stamp(day, hour: 18, zone: zone, style: 0),
                ])
                summary.metrics += 1
            }
        }
        if large { try writeUnusualMetrics(familyID: familyID, player: player, zone: zone) }
    }

    /// A custom key (`bat_speed`, as the app names an "other" metric), a height that has only a
    /// display value, and a type whose every value is null (its summary is N/A, never 0).
    private mutating func writeUnusualMetrics(familyID: String, player: String, zone: Zone) throws {
        let rows: [(type: String, value: Double?, unit: String?, display: String?, daysAgo: Int)] = [
            ("bat_speed", 71.4, "mph", "71.4 mph", 2), ("bat_speed", 68.9, "mph", "68.9 mph", 40),
            ("height", nil, nil, "6'2\"", 4), ("broad_jump", nil, "in", nil, 1), ("broad_jump", nil, "in", nil, 5),
        ]
        for row in rows {
            try metrics.insert([
                "id": athleteRandom.uuid(), "family_unit_id": familyID, "user_id": player, "metric_type": row.type,
                "value": row.value, "unit": row.unit, "recorded_date": daysAgo(row.daysAgo).description, "notes": nil,
                "verified": 0, "display_value": row.display, "source": nil, "is_primary": 0,
                "created_at": stamp(daysAgo(row.daysAgo), hour: 18, zone: zone, style: 0),
            ])
            summary.metrics += 1
        }
    }

    // MARK: Values

    private func daysAgo(_ days: Int) -> CivilDate { options.today.adding(days: -days) }

    private mutating func nextHostile() -> String {
        defer { hostileIndex += 1 }
        return DemoCatalog.hostile[hostileIndex % DemoCatalog.hostile.count]
    }

    /// A local wall-clock time written in one of the forms of docs/data-model.md:
    /// 0 `…T…Z`, 1 PostgreSQL's `… …+00` with microseconds, 2 `…T…±HH:MM` in the zone, 3 `…T…±HHMM` without seconds.
    private func stamp(_ date: CivilDate, hour: Int, minute: Int = 0, zone: Zone, style: Int) -> String {
        let instant = Instant(seconds: zone.startOfDay(date).seconds + Int64(hour * 3600 + minute * 60))
        switch style {
        case 0:
            return instant.iso8601
        case 1:
            let utc = Zone.utc.localTime(of: instant)
            return
                "\(utc.date) \(Instant.two(utc.hour)):\(Instant.two(utc.minute)):\(Instant.two(utc.second)).123456+00"
        default:
            let offset = zone.offset(at: instant)
            let local = zone.localTime(of: instant)
            let sign = offset < 0 ? "-" : "+"
            let hours = Instant.two(abs(offset) / 3600)
            let minutes = Instant.two(abs(offset) / 60 % 60)
            let time = "\(local.date)T\(Instant.two(local.hour)):\(Instant.two(local.minute))"
            return style == 2
                ? "\(time):\(Instant.two(local.second))\(sign)\(hours):\(minutes)" : "\(time)\(sign)\(hours)\(minutes)"
        }
    }

    private func json(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            let text = String(data: data, encoding: .utf8)
        else { return "null" }
        return text
    }
}

extension SplitMix64 {
    mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
}
