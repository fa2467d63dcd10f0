import Aggregation
import Core
import Foundation
import GRDB
import Synchronization

/// Reads the app's tables from one SQLite file, read-only. Every query that reads family
/// rows is scoped by `family_unit_id`: that is the access boundary (docs/data-model.md).
package final class SQLiteSource: FamilySource {
    /// The database as messages name it: the file, or the server a snapshot was taken from.
    package let path: String
    /// Optional columns the database does not have (`schools.fit_score`, …); they read as null.
    package let missingOptionalColumns: [String]
    private let database: DatabaseQueue
    /// The SELECT list of each table, with `NULL AS column` for absent optional columns.
    let selectLists: [String: String]
    /// The families' unique slugs (`Slug.unique`): every family's, or one family's
    /// (`FamilySlugs`), made once when first needed, and shared with the sources `reopen` makes
    /// for the workers: made by each, they cost every worker's memory arena the transient
    /// copies of all the families' rows (L ÷ M 1.26; BENCHMARKS.md).
    private let slugCache: SlugCache
    /// `system_calendar` and `sports` with the issues of their rows, read once when first needed.
    private let sharedSeason = Mutex<SharedRows?>(nil)
    /// Whether `events` has rowids (`personalEventsHaveRowIDs`), and the file's `data_version`
    /// when `temp.rb_personal_events` was last made (`indexPersonalEvents`).
    private let personalEventsRowIDs = Mutex<Bool?>(nil)
    private let personalEventsVersion = Mutex<Int64?>(nil)
    /// `email_optouts`, read once when first needed.
    private let optOutCache = Mutex<Set<String>?>(nil)
    /// Tables whose row key (`id`, or the key columns) is a primary key or has a unique index:
    /// no two rows can share it, so they need no duplicate check. The app's tables all do; a
    /// hand-made copy without its keys is checked row by row.
    let uniqueKeys: Set<String>
    /// The optional tables (`AppSchema.optionalTables`) the database has.
    private let presentOptionalTables: Set<String>
    /// Seconds a read waits for another program's lock on the file.
    private let busyTimeout: Double

    /// `REPORT_BATCH_SQLITE_BUSY_TIMEOUT` (seconds, more than 0), else 30.
    static func busyTimeout() -> Double {
        guard let text = ProcessInfo.processInfo.environment["REPORT_BATCH_SQLITE_BUSY_TIMEOUT"],
            let seconds = Double(text),
            seconds.isFinite, seconds > 0
        else { return 30 }
        return seconds
    }

    /// Opens `path` read-only and checks it against `AppSchema`.
    /// - Throws: `InputError` when the file is missing or not SQLite (exit 66);
    ///   `BadDataError` when a required table or column is missing (exit 65).
    ///   `name` is how messages name the database when it is not the file itself (a
    ///   PostgreSQL snapshot is named by its server, without the password).
    ///   `busyTimeout` is how long a read waits for another program's lock (nil: `busyTimeout()`).
    package init(
        path file: String,
        name: String? = nil,
        busyTimeout: Double? = nil,
        sharingSlugsOf other: SQLiteSource? = nil
    ) throws {
        let path = name ?? file
        self.path = path
        slugCache = other?.slugCache ?? SlugCache()
        try SQLiteSource.checkFile(file)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "report-batch"
        // While the app or a sync job writes the file, a read waits for its lock, up to the
        // busy timeout, instead of failing at once (docs/cli.md, "Reading a SQLite file").
        let busyTimeout = busyTimeout ?? Self.busyTimeout()
        configuration.busyMode = .timeout(busyTimeout)
        self.busyTimeout = busyTimeout
        do {
            database = try DatabaseQueue(path: file, configuration: configuration)
        } catch let error as DatabaseError {
            throw InputError.unreadable(path: path, reason: error.message ?? "\(error.resultCode)")
        }

        var missing: [String] = []
        var lists: [String: String] = [:]
        var unique: Set<String> = []
        var optional: Set<String> = []
        do {
            try database.read { db in
                for table in AppSchema.tables + AppSchema.optionalTables + AppSchema.seasonTables {
                    guard try db.tableExists(table.name) else {
                        if AppSchema.isOptional(table) { continue }
                        throw BadDataError.missingTable(path: path, table: table.name)
                    }
                    if AppSchema.isOptional(table) { optional.insert(table.name) }
                    if try Self.keyIsUnique(table, db) { unique.insert(table.name) }
                    let present = Set(try db.columns(in: table.name).map { $0.name.lowercased() })
                    var parts: [String] = []
                    for column in table.columns {
                        if present.contains(column.name) {
                            parts.append(column.name.quotedDatabaseIdentifier)
                        } else if column.isOptional {
                            missing.append("\(table.name).\(column.name)")
                            parts.append("NULL AS \(column.name.quotedDatabaseIdentifier)")
                        } else {
                            throw BadDataError.missingColumn(path: path, table: table.name, column: column.name)
                        }
                    }
                    lists[table.name] = parts.joined(separator: ", ")
                }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw InputError.notSQLite(path: path, reason: error.message ?? "file is not a database")
        } catch let error as DatabaseError {
            throw Self.sourceError(error, path: path, busyTimeout: busyTimeout)
        }
        missingOptionalColumns = missing
        selectLists = lists
        uniqueKeys = unique
        presentOptionalTables = optional
    }

    /// Whether the table's row key is its primary key or has a unique index of its own.
    private static func keyIsUnique(_ table: AppSchema.Table, _ db: Database) throws -> Bool {
        let key = Set(table.rowIdentity)
        let primary = try String.fetchAll(
            db,
            sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0",
            arguments: [table.name]
        )
        if Set(primary) == key { return true }
        for index in try String.fetchAll(
            db,
            sql: "SELECT name FROM pragma_index_list(?) WHERE \"unique\" = 1",
            arguments: [table.name]
        ) {
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?)", arguments: [index])
            if Set(columns) == key { return true }
        }
        return false
    }

    /// Whether `table` is an optional table the database does not have.
    func isAbsent(_ table: AppSchema.Table) -> Bool {
        AppSchema.isOptional(table) && !presentOptionalTables.contains(table.name)
    }

    /// Runs a read transaction; an error of SQLite's is told as this database's own (the
    /// file, what is wrong), never GRDB's text with its SQL. Errors `body` throws pass unchanged.
    func reading<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as DatabaseError {
            throw Self.sourceError(error, path: path, busyTimeout: busyTimeout)
        }
    }

    static func sourceError(_ error: DatabaseError, path: String, busyTimeout: Double = busyTimeout()) -> SourceError {
        let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
        switch error.resultCode {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path, reason: reason)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path, seconds: busyTimeout)
        default: return .failed(path: path, reason: reason)
        }
    }

    /// A note for the user when optional columns or the season's tables are absent, or nil:
    /// one line, said once by every command.
    package var optionalColumnsNote: String? {
        var parts: [String] = []
        if !missingOptionalColumns.isEmpty {
            parts.append(
                "has no column \(missingOptionalColumns.joined(separator: ", ")); these optional values read as empty"
            )
        }
        let tables = absentSeasonTables
        if !tables.isEmpty {
            parts.append(
                "has no table \(tables.joined(separator: ", ")); the parts of the season that need \(tables.count == 1 ? "it" : "them") are left out"
            )
        }
        return parts.isEmpty ? nil : "note: \(Quote.path(path)) " + parts.joined(separator: "; it ")
    }

    private static func checkFile(_ path: String) throws {
        try InputError.checkReadableFile(path, kind: .database)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError.unreadable(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        if header.isEmpty { throw InputError.notSQLite(path: path, reason: "the file is empty") }
        guard header == Data("SQLite format 3\0".utf8) else {
            throw InputError.notSQLite(path: path, reason: "it does not start with the SQLite header")
        }
    }

    // MARK: Reading

    func select(_ table: AppSchema.Table, where condition: String, orderBy: String? = "id") -> String {
        let order = orderBy.map { " ORDER BY \($0)" } ?? ""
        return
            "SELECT \(selectLists[table.name] ?? "*") FROM \(table.name.quotedDatabaseIdentifier) WHERE \(condition)\(order)"
    }

    /// Every family, ordered by id, each once (a database without primary keys may hold a
    /// family row twice). A family row with bad values is still listed, so that a batch runs
    /// it and records it as failed (loading it reports the values) while the others go on.
    package func families() throws -> [FamilyUnit] {
        try families(slugged: true)
    }

    /// `families()`; without `slugged`, their `fileSlug` is left nil, and no name is folded.
    private func families(slugged: Bool) throws -> [FamilyUnit] {
        try reading { db in
            let slugs = slugged ? try slugs(db) : [:]
            var seen = Set<String>()
            return try collect(db, select(AppSchema.familyUnits, where: "1")) { row -> FamilyUnit? in
                let log = IssueLog()
                var family = RowDecoders.familyUnit(row, log: log) ?? RowDecoders.familyIdentity(row)
                guard let id = family?.id, seen.insert(id).inserted else { return nil }
                family?.fileSlug = slugs[id]
                return family
            }
        }
    }

    /// Every family by name, A–Z ignoring case and accents, ties by id: the order in which a
    /// person scans for a family (a run's summary, `families --members`).
    package func familiesByName() throws -> [FamilyUnit] {
        FamilyUnit.byName(try families())
    }

    /// The family with this id, or a usage error that points to `report-batch families`.
    package func family(id: String) throws -> FamilyUnit {
        try reading { db in try family(id: id, db: db) }
    }

    private func family(id: String, db: Database) throws -> FamilyUnit {
        let log = IssueLog()
        var rows = 0
        let families = try collect(db, select(AppSchema.familyUnits, where: "id = ?"), [id]) { row -> FamilyUnit? in
            rows += 1
            return RowDecoders.familyUnit(row, log: log)
        }
        guard rows > 0 else {
            throw UsageError(
                "no family with id \(Quote.value(id)) in \(Quote.path(path)); `report-batch families --db \(path)` lists them"
            )
        }
        if rows > 1 { log.record(DataIssue.duplicate(table: AppSchema.familyUnits.name, id: id, count: rows)) }
        guard var family = families.first, log.issues.isEmpty else {
            throw BadDataError.badValues(path: path, familyID: id, issues: log.issues)
        }
        family.fileSlug = try familySlugs(db).slug(of: id)
        return family
    }

    /// The unique slug of every family of the database (`Slug.unique`).
    private func slugs(_ db: Database) throws -> [String: String] {
        if let known = slugCache.slugs.withLock({ $0 }) { return known }
        // A run of every family keeps the slugs alone, not the names they were made from.
        let slugs = try slugCache.families.withLock({ $0 })?.all() ?? Slug.unique(familyNames(db))
        slugCache.slugs.withLock { $0 = slugs }
        return slugs
    }

    /// The families' slugs, made as they are asked for (a family's alone for a command of one
    /// family, or for each of a job's listed families).
    private func familySlugs(_ db: Database) throws -> FamilySlugs {
        if let known = slugCache.families.withLock({ $0 }) { return known }
        let slugs = FamilySlugs(try familyNames(db))
        slugCache.families.withLock { $0 = slugs }
        return slugs
    }

    /// Every family's raw id and name, which its slug is made from, so that a bad row
    /// elsewhere does not change a family's file names.
    private func familyNames(_ db: Database) throws -> [(id: String, name: String?)] {
        var families: [(id: String, name: String?)] = []
        try db.eachRow("SELECT CAST(id AS TEXT), CAST(family_name AS TEXT) FROM family_units WHERE id IS NOT NULL") {
            row in
            families.append((row.plainText(0) ?? "", row.plainText(1)))
        }
        return families
    }

    /// The slugs, in a box the sources of one database share.
    final class SlugCache: Sendable {
        let slugs = Mutex<[String: String]?>(nil)
        let families = Mutex<FamilySlugs?>(nil)
    }

    /// Loads all of one family's rows, once, in one read transaction. Any bad value in them
    /// fails the family with `BadDataError` (exit 65), naming the first problem and how many there are.
    /// With `interactions: .none` the interactions are left for `forEachInteraction` to stream;
    /// with `season: false` the season's tables are not read.
    package func loadFamily(id: String, interactions: InteractionColumns, season: Bool) throws -> FamilyData {
        let (data, issues) = try load(id: id, interactions: interactions, season: season)
        if !issues.isEmpty { throw BadDataError.badValues(path: path, familyID: id, issues: issues) }
        return data
    }

    /// Loads one family's rows leaving out each row that cannot be read (a job's
    /// `bad_rows: skip`), and returns the problems of the rows left out, one or more per row.
    /// A bad family row, or an id held by two rows (which copy is right cannot be told), still
    /// fails the family.
    package func loadFamilyLeavingOutBadRows(
        id: String,
        interactions: InteractionColumns,
        season: Bool
    ) throws -> (data: FamilyData, leftOut: [DataIssue]) {
        let (data, issues) = try load(id: id, interactions: interactions, season: season)
        let duplicates = issues.filter(\.isDuplicate)
        if !duplicates.isEmpty { throw BadDataError.badValues(path: path, familyID: id, issues: duplicates) }
        return (data, issues)
    }

    private func load(id: String, interactions: InteractionColumns, season: Bool) throws -> (FamilyData, [DataIssue]) {
        let log = IssueLog()
        let data = try reading { db in
            try read(family: try family(id: id, db: db), db: db, log: log, interactions: interactions, season: season)
        }
        return (data, log.issues)
    }

    private func read(
        family: FamilyUnit,
        db: Database,
        log: IssueLog,
        interactions: InteractionColumns,
        season readSeason: Bool
    ) throws -> FamilyData {
        let id: StatementArguments = [family.id]
        let members = try collect(
            db,
            select(AppSchema.familyMembers, where: "family_unit_id = ?", orderBy: "user_id"),
            id
        ) {
            Self.whole($0, log, RowDecoders.member)
        }
        let userSQL = select(
            AppSchema.users,
            where: """
                id IN (SELECT user_id FROM family_members WHERE family_unit_id = ?1) \
                OR id IN (SELECT logged_by FROM interactions WHERE family_unit_id = ?1)
                """
        )
        let users = try collect(db, userSQL, id) { Self.whole($0, log, RowDecoders.user) }
        let (locations, sports) = try preferences(family.id, db: db, log: log, sport: readSeason)

        func rows<T>(_ table: AppSchema.Table, _ decode: (SQLiteRow, IssueLog) -> T?) throws -> [T] {
            try collect(db, select(table, where: "family_unit_id = ?"), id) { Self.whole($0, log, decode) }
        }
        let interacted = try schoolsWithInteractions(family.id, db: db)
        let schools = try rows(AppSchema.schools, RowDecoders.school).map {
            $0.readingStatus(hasInteraction: interacted.contains($0.id))
        }
        let coaches = try rows(AppSchema.coaches, RowDecoders.coach)
        let loadedInteractions: [Interaction] =
            switch interactions {
            case .none: []
            case .figures: try rows(AppSchema.interactions, RowDecoders.interactionForFigures)
            case .all: try rows(AppSchema.interactions, RowDecoders.interaction)
            }
        let metrics = try rows(AppSchema.performanceMetrics, RowDecoders.metric)
        let offers = try rows(AppSchema.offers, RowDecoders.offer)
        checkUnique(AppSchema.users, users.map(\.id), log)
        checkUniqueMembers(members, of: family.id, log)
        checkUnique(AppSchema.schools, schools.map(\.id), log)
        checkUnique(AppSchema.coaches, coaches.map(\.id), log)
        checkUnique(AppSchema.interactions, loadedInteractions.map(\.id), log)
        checkUnique(AppSchema.performanceMetrics, metrics.map(\.id), log)
        checkUnique(AppSchema.offers, offers.map(\.id), log)
        var data = FamilyData(
            family: family,
            members: members,
            users: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            homeLocations: Dictionary(
                locations.map { ($0.userID, $0.location) },
                uniquingKeysWith: { first, _ in first }
            ),
            schools: schools,
            coaches: coaches,
            interactions: loadedInteractions,
            metrics: metrics,
            offers: offers
        )
        guard readSeason else { return data }
        data.season = try season(family.id, db: db, log: log)
        data.season.playerSportID = data.player.flatMap { data.users[$0.userID]?.primarySportID }
        data.season.playerPreferenceSport = data.player.flatMap { sports[$0.userID] ?? nil }
        return data
    }

    /// The family's members' home locations (`location` preferences, by user id), and with
    /// `sport` their `player` preferences' `primary_sport` by user id.
    private func preferences(
        _ familyID: String,
        db: Database,
        log: IssueLog,
        sport: Bool
    ) throws -> (locations: [(userID: String, location: HomeLocation)], sports: [String: String?]) {
        let sql = select(
            AppSchema.userPreferences,
            where: """
                category IN (\(sport ? "'location', 'player'" : "'location'")) \
                AND user_id IN (SELECT user_id FROM family_members WHERE family_unit_id = ?)
                """,
            orderBy: "user_id"
        )
        let rows = try collect(db, sql, [familyID]) {
            Self.whole($0, log) { RowDecoders.preference($0, log: $1, sport: sport) }
        }
        var locations: [(userID: String, location: HomeLocation)] = []
        var sports: [String: String?] = [:]
        for row in rows {
            switch row.value {
            case .location(let location): locations.append((row.userID, location))
            case .sport(let name): sports[row.userID] = sports[row.userID] ?? name
            }
        }
        return (locations, sports)
    }

    /// The ids of the family's schools that have at least one of its interactions, whoever
    /// views the list and whether or not the interactions are read: the app's map reads a
    /// stored `interested` as `contacted` for them (docs/data-model.md, "Statuses").
    private func schoolsWithInteractions(_ familyID: String, db: Database) throws -> Set<String> {
        let sql = """
            SELECT DISTINCT CAST(school_id AS TEXT) FROM interactions \
            WHERE family_unit_id = ? AND school_id IS NOT NULL
            """
        return try Set(String.fetchAll(db, sql: sql, arguments: [familyID]))
    }

    /// The family's rows of the season's tables (docs/season.md §1), each through what makes it
    /// the family's: history through its schools, links and views through its profiles,
    /// personal items through its members; nil for a table the database lacks.
    private func season(_ familyID: String, db: Database, log: IssueLog) throws -> SeasonRows {
        let id: StatementArguments = [familyID]
        func rows<T>(
            _ table: AppSchema.Table,
            where condition: String,
            _ decode: (SQLiteRow, IssueLog) -> T?
        ) throws -> [T]? {
            guard !isAbsent(table) else { return nil }
            // `+id`: SQLite finds the rows through the condition's index (or a scan in storage
            // order) and sorts the few it keeps, instead of walking the id index through every
            // row of the table for each family, which a file without these indexes made it do.
            return try collect(db, select(table, where: condition, orderBy: "+id"), id) { Self.whole($0, log, decode) }
        }
        let schools = "SELECT id FROM schools WHERE family_unit_id = ?1"
        let members = "SELECT user_id FROM family_members WHERE family_unit_id = ?1"
        let players =
            "SELECT user_id FROM family_members WHERE family_unit_id = ?1 AND role IN \(AppSchema.playerRoles)"
        let profiles = "SELECT id FROM player_profiles WHERE family_unit_id = ?1"
        var season = SeasonRows()
        season.statusHistory = try rows(
            AppSchema.schoolStatusHistory,
            where: "school_id IN (\(schools))",
            RowDecoders.statusChange
        )
        season.profiles = try rows(AppSchema.playerProfiles, where: "family_unit_id = ?1", RowDecoders.profile)
        if !isAbsent(AppSchema.playerProfiles) {
            season.trackingLinks = try rows(
                AppSchema.profileTrackingLinks,
                where: "profile_id IN (\(profiles))",
                RowDecoders.trackingLink
            )
            season.profileViews = try rows(
                AppSchema.profileViews,
                where: "profile_id IN (\(profiles))",
                RowDecoders.profileView
            )
        }
        season.events = try rows(
            AppSchema.events,
            where: try eventsCondition(db, schools: schools, members: members),
            RowDecoders.event
        )
        season.reminders = try rows(AppSchema.followUpReminders, where: "user_id IN (\(members))", RowDecoders.reminder)
        season.deadlines = try rows(AppSchema.userDeadlines, where: "user_id IN (\(members))", RowDecoders.deadline)
        // The player's videos and letters without a family (docs/next-steps.md); the reader
        // keeps the player's of them.
        // `+family_unit_id`: the rows without a family are found through their user's index,
        // not by walking every family-less row of the table for each family.
        let playerRows = "family_unit_id = ?1 OR (+family_unit_id IS NULL AND user_id IN (\(players)))"
        season.messages = try rows(AppSchema.athleteMessages, where: "family_unit_id = ?1", RowDecoders.message)
        season.tracksQuestionnaires = !missingOptionalColumns.contains("schools.questionnaire_completed")
        season.videoLinks = try rows(AppSchema.videoLinks, where: playerRows, RowDecoders.videoLink)
        season.letters = try rows(AppSchema.recommendationLetters, where: playerRows, RowDecoders.letter)
        (season.calendar, season.sports, season.contactRules) = try sharedSeasonRows(db, log: log)
        checkUnique(AppSchema.schoolStatusHistory, season.statusHistory?.map(\.id), log)
        checkUnique(AppSchema.playerProfiles, season.profiles?.map(\.id), log)
        checkUnique(AppSchema.profileTrackingLinks, season.trackingLinks?.map(\.id), log)
        checkUnique(AppSchema.profileViews, season.profileViews?.map(\.id), log)
        checkUnique(AppSchema.events, season.events?.map(\.id), log)
        checkUnique(AppSchema.followUpReminders, season.reminders?.map(\.id), log)
        checkUnique(AppSchema.userDeadlines, season.deadlines?.map(\.id), log)
        checkUnique(AppSchema.athleteMessages, season.messages?.map(\.id), log)
        checkUnique(AppSchema.videoLinks, season.videoLinks?.map(\.id), log)
        checkUnique(AppSchema.recommendationLetters, season.letters?.map(\.id), log)
        return season
    }

    /// The rows every family reads: the calendar, the sports and the contact-window rules.
    private struct SharedRows {
        var calendar: [CalendarEntry]?
        var sports: [Sport]?
        var contactRules: [ContactWindowRule]?
        var issues: [DataIssue] = []
    }

    /// The calendar, the sports and the contact-window rules, which every family reads: read
    /// once, then kept. A bad row is bad input for every family that reads it, so its issues
    /// are recorded for each.
    private func sharedSeasonRows(
        _ db: Database,
        log: IssueLog
    ) throws -> ([CalendarEntry]?, [Sport]?, [ContactWindowRule]?) {
        if let kept = sharedSeason.withLock({ $0 }) {
            for issue in kept.issues { log.record(issue) }
            return (kept.calendar, kept.sports, kept.contactRules)
        }
        let own = IssueLog()
        func all<T>(_ table: AppSchema.Table, _ decode: (SQLiteRow, IssueLog) -> T?) throws -> [T]? {
            isAbsent(table) ? nil : try collect(db, select(table, where: "1")) { decode($0, own) }
        }
        let calendar = try all(AppSchema.systemCalendar, RowDecoders.calendarEntry)
        let sports = try all(AppSchema.sports, RowDecoders.sport)
        let rules = try all(AppSchema.contactWindowRules, RowDecoders.contactRule)
        checkUnique(AppSchema.systemCalendar, calendar?.map(\.id), own)
        checkUnique(AppSchema.sports, sports?.map(\.id), own)
        checkUnique(AppSchema.contactWindowRules, rules?.map(\.id), own)
        let shared = SharedRows(calendar: calendar, sports: sports, contactRules: rules, issues: own.issues)
        sharedSeason.withLock { $0 = shared }
        for issue in own.issues { log.record(issue) }
        return (shared.calendar, shared.sports, shared.contactRules)
    }

    /// Which events are the family's (docs/season.md §1): its own, its schools' (each school's
    /// found through the `school_id` index, `+` keeping SQLite off the scan of every
    /// family-less event), and its members' personal ones, which have no index to find them
    /// by user: without one, each family walked every personal event of the database, a cost
    /// that grew with families × events. So the personal events' rowids are kept by user in a
    /// temporary table with an index (`indexPersonalEvents`), and the condition looks there,
    /// checking each row found against the rule itself. An `events` table without rowids, or a
    /// SQLite without `pragma_table_list`, is read with the plain condition.
    private func eventsCondition(_ db: Database, schools: String, members: String) throws -> String {
        let own = "family_unit_id = ?1 OR (+family_unit_id IS NULL AND school_id IN (\(schools)))"
        let personal = "+family_unit_id IS NULL AND +school_id IS NULL AND user_id IN (\(members))"
        guard try indexPersonalEvents(db) else { return "\(own) OR (\(personal))" }
        return
            "\(own) OR (rowid IN (SELECT event_rowid FROM temp.rb_personal_events WHERE user_id IN (\(members))) AND \(personal))"
    }

    /// Makes the temporary index of personal events, in the family's own read, whenever it is
    /// missing (the first read, or a read that failed and took it with its rollback) or another
    /// program has committed to the file since it was made (`PRAGMA data_version`: a row added,
    /// moved to another user, or a VACUUM that gave the rows new rowids). So each family's
    /// events are exactly those of the rule in its own read, and a file nobody writes during a
    /// run is indexed once. False when the plain condition must be used.
    private func indexPersonalEvents(_ db: Database) throws -> Bool {
        guard try personalEventsHaveRowIDs(db) else { return false }
        let version = try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let present =
            try Row.fetchOne(db, sql: "SELECT 1 FROM temp.sqlite_master WHERE name = 'rb_personal_events'") != nil
        if present, personalEventsVersion.withLock({ $0 }) == version { return true }
        try db.execute(
            sql: """
                DROP TABLE IF EXISTS temp.rb_personal_events; \
                CREATE TEMP TABLE rb_personal_events AS \
                SELECT user_id, rowid AS event_rowid FROM main.events WHERE family_unit_id IS NULL AND school_id IS NULL; \
                CREATE INDEX temp.rb_personal_events_user ON rb_personal_events (user_id)
                """
        )
        personalEventsVersion.withLock { $0 = version }
        return true
    }

    /// Whether `events` is a table with rowids, asked once.
    private func personalEventsHaveRowIDs(_ db: Database) throws -> Bool {
        if let known = personalEventsRowIDs.withLock({ $0 }) { return known }
        let sql =
            "SELECT 1 FROM pragma_table_list WHERE schema = 'main' AND name = 'events' AND type = 'table' AND wr = 0"
        let answer = ((try? Row.fetchOne(db, sql: sql)) ?? nil) != nil
        personalEventsRowIDs.withLock { $0 = answer }
        return answer
    }

    /// The season's tables the database lacks, for the run's note.
    package var absentSeasonTables: [String] { AppSchema.seasonTables.filter(isAbsent).map(\.name) }

    /// A row's value when reading it logged no issue but of an optional column (whose value
    /// the decoder leaves null). A decoder checks some values after the row's required ones (a
    /// bad `updated_at`, a blob in `school_id`) and still returns the row: in a read that fails
    /// on any issue that is moot, but `bad_rows: skip` lists the row as left out, and so it must be.
    static func whole<T>(_ row: SQLiteRow, _ log: IssueLog, _ decode: (SQLiteRow, IssueLog) -> T?) -> T? {
        let before = log.failures
        let value = decode(row, log)
        return log.failures == before ? value : nil
    }

    /// Records every id `ids` holds more than once as bad input, unless the table's key is
    /// unique in the file (`uniqueKeys`): a database without its primary keys may hold a row
    /// twice, and every table read would then count, list or send it twice
    /// (docs/data-model.md, "One id, one row").
    func checkUnique(_ table: AppSchema.Table, _ ids: [String]?, _ log: IssueLog) {
        guard let ids, !uniqueKeys.contains(table.name) else { return }
        var counts: [String: Int] = [:]
        for id in ids { counts[id, default: 0] += 1 }
        for (id, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
            log.record(DataIssue.duplicate(table: table.name, id: id, count: count))
        }
    }

    /// Records a member listed twice in the family (`family_members` keyed by family and user),
    /// as `check` words it: the family's recap would go to that member twice.
    private func checkUniqueMembers(_ members: [FamilyMember], of familyID: String, _ log: IssueLog) {
        guard !uniqueKeys.contains(AppSchema.familyMembers.name) else { return }
        var counts: [String: Int] = [:]
        for member in members { counts[member.userID, default: 0] += 1 }
        for (user, count) in counts.sorted(by: { $0.key < $1.key }) where count > 1 {
            let rowID = "(family_unit_id \(Quote.value(familyID)), user_id \(Quote.value(user)))"
            log.record(
                DataIssue.duplicateKey(
                    table: AppSchema.familyMembers.name,
                    rowID: rowID,
                    column: "family_unit_id",
                    count: count
                )
            )
        }
    }

    /// Runs a query and keeps the rows that decode.
    private func collect<T>(
        _ db: Database,
        _ sql: String,
        _ arguments: StatementArguments = [],
        _ decode: (SQLiteRow) -> T?
    ) throws -> [T] {
        var result: [T] = []
        try db.eachRow(sql, arguments: arguments, cached: true) { row in
            if let value = decode(row) { result.append(value) }
        }
        return result
    }

    /// Streams one family's interactions to `body` one at a time, without holding them:
    /// newest first by date in `zone` and then by id when `zone` is given, else in whatever
    /// order SQLite finds them (no sort at all).
    /// The ordering is SQLite's: it sorts on keys from a SQL function that reads the
    /// timestamps with the same parser and zone as everything else, and spills to disk past
    /// its cache, so memory stays flat however many rows the family has.
    /// - Throws: `BadDataError` at the first bad row (the file being written is then discarded).
    package func forEachInteraction(
        familyID: String,
        newestFirstIn zone: Zone?,
        _ body: (Interaction) throws -> Void
    ) throws {
        try reading { db in
            var order: String?
            if let zone {
                let key: @Sendable (DatabaseValue, DatabaseValue) -> Instant? = { occurred, created in
                    for value in [occurred, created] {
                        if let text = String.fromDatabaseValue(value), let stamp = try? Timestamp.parse(text) {
                            return zone.instant(of: stamp)
                        }
                    }
                    return nil
                }
                db.add(
                    function: DatabaseFunction("rb_date_seconds", argumentCount: 2, pure: true) { values in
                        key(values[0], values[1]).map { $0.seconds }
                    }
                )
                db.add(
                    function: DatabaseFunction("rb_date_nanos", argumentCount: 2, pure: true) { values in
                        key(values[0], values[1]).map { Int64($0.nanoseconds) }
                    }
                )
                order = "rb_date_seconds(occurred_at, created_at) DESC, rb_date_nanos(occurred_at, created_at) DESC, id"
            }
            let log = IssueLog()
            try db.eachRow(
                select(AppSchema.interactions, where: "family_unit_id = ?", orderBy: order),
                arguments: [familyID]
            ) { row in
                // A bad value read after the row's required ones (a blob in `school_id`) is
                // logged while the row still decodes: it fails the family as `loadFamily` does.
                guard let interaction = RowDecoders.interaction(row, log: log), log.count == 0 else {
                    throw BadDataError.badValues(path: path, familyID: familyID, issues: log.issues)
                }
                try body(interaction)
            }
        }
    }

    // MARK: Families and check

    package typealias FamilyCounts = AppStore.FamilyCounts
    package typealias Member = AppStore.MemberListing

    /// Every family's members, family by family, players first, then by name and user id.
    package func familyMembers() throws -> [String: [Member]] {
        try members(where: "m.family_unit_id IS NOT NULL")
    }

    /// One family's members, as `familyMembers` reads them, whatever the family's other rows hold.
    package func members(ofFamily id: String) throws -> [Member] {
        try members(where: "m.family_unit_id = ?", [id])[id] ?? []
    }

    private func members(where condition: String, _ arguments: StatementArguments = []) throws -> [String: [Member]] {
        try reading { db in
            var members: [String: [Member]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT m.family_unit_id, m.user_id, m.role, u.full_name, u.email
                    FROM family_members AS m LEFT JOIN users AS u ON u.id = m.user_id
                    WHERE \(condition) AND m.user_id IS NOT NULL
                    ORDER BY m.family_unit_id, m.role IS NOT 'player', u.full_name, m.user_id
                    """,
                arguments: arguments
            )
            while let row = try rows.next() {
                func text(_ index: Int) -> String? { String.fromDatabaseValue(row[index]) }
                guard let family = text(0), let user = text(1) else { continue }
                members[family, default: []].append(
                    Member(familyID: family, userID: user, role: text(2), name: text(3), email: text(4))
                )
            }
            return members
        }
    }

    /// The members among `userIDs` whose `weekly_digest` preference has e-mail off
    /// (`notification_preferences`, an optional table: without it, nobody has).
    /// - Throws: `BadDataError` when one of these members' preference rows is bad input: a
    ///   preference that cannot be read is not taken as "on".
    package func weeklyDigestOff(userIDs: [String]) throws -> Set<String> {
        guard !userIDs.isEmpty, presentOptionalTables.contains(AppSchema.notificationPreferences.name) else {
            return []
        }
        let log = IssueLog()
        let off = try reading { db in
            let marks = Array(repeating: "?", count: userIDs.count).joined(separator: ", ")
            let sql = select(AppSchema.notificationPreferences, where: "user_id IN (\(marks))")
            return try collect(db, sql, StatementArguments(userIDs)) {
                RowDecoders.notificationPreference($0, log: log)
            }
            .filter { $0.type == "weekly_digest" && $0.emailEnabled == false }.map(\.userID)
        }
        if !log.issues.isEmpty { throw BadDataError.badValues(path: path, familyID: nil, issues: log.issues) }
        return Set(off)
    }

    /// The addresses of `email_optouts` (an optional table), trimmed and lower-cased; read once.
    /// - Throws: `BadDataError` when a row is bad input: an opt-out list is never silently
    ///   shorter than the table.
    package func optedOutAddresses() throws -> Set<String> {
        if let known = optOutCache.withLock({ $0 }) { return known }
        guard presentOptionalTables.contains(AppSchema.emailOptouts.name) else { return [] }
        let log = IssueLog()
        let addresses = try reading { db in
            try collect(db, select(AppSchema.emailOptouts, where: "1", orderBy: nil)) {
                RowDecoders.optOut($0, log: log)
            }
        }
        if !log.issues.isEmpty { throw BadDataError.badValues(path: path, familyID: nil, issues: log.issues) }
        let normalised = Set(addresses.map(\.comparisonKey))
        optOutCache.withLock { $0 = normalised }
        return normalised
    }

    /// The coaches' stored contact values that break the Add Coach rules (`ContactField`), as
    /// warnings for `check`: they are not bad input (the app stores them), but no link is made
    /// from them and the report lists them to fix. In the order of the coaches' ids, then field.
    package func contactWarnings() throws -> [String] {
        try reading { db in
            var warnings: [(id: String, field: Int, text: String)] = []
            let fields = ContactField.allCases
            let sql =
                "SELECT CAST(id AS TEXT), "
                + fields.map { "CAST(\($0.column.quotedDatabaseIdentifier) AS TEXT)" }.joined(separator: ", ")
                + " FROM coaches"
            let rows = try Row.fetchCursor(db, sql: sql)
            while let row = try rows.next() {
                let id = (row[0] as String?) ?? ""
                for (index, field) in fields.enumerated() {
                    guard let value = row[index + 1] as String?, !value.isEmpty, !field.accepts(value) else { continue }
                    warnings.append(
                        (
                            id, index,
                            "coaches row \(Quote.value(id)), column \(field.column): \(Quote.value(value)) is not \(field.rule); "
                                + "it is shown as text, not as a link, and the report lists it under \"Contact details to fix\""
                        )
                    )
                }
            }
            return warnings.sorted { $0.id != $1.id ? CodePoint.less($0.id, $1.id) : $0.field < $1.field }.map(\.text)
        }
    }

    /// Every family with its row counts, ordered by id; the families' `fileSlug` is not set
    /// (`families` shows no file name, and making every slug can take ICU's transliterator).
    package func familyCounts() throws -> [FamilyCounts] {
        let families = try self.families(slugged: false)
        return try reading { db in
            func counts(_ table: String) throws -> [String: Int] {
                var result: [String: Int] = [:]
                let rows = try Row.fetchCursor(
                    db,
                    sql:
                        "SELECT family_unit_id, COUNT(*) FROM \(table.quotedDatabaseIdentifier) WHERE family_unit_id IS NOT NULL GROUP BY family_unit_id"
                )
                while let row = try rows.next() {
                    if let id = String.fromDatabaseValue(row[0]) { result[id] = row[1] }
                }
                return result
            }
            let members = try counts("family_members")
            let schools = try counts("schools")
            let coaches = try counts("coaches")
            let interactions = try counts("interactions")
            let metrics = try counts("performance_metrics")
            let offers = try counts("offers")
            return families.map { family in
                FamilyCounts(
                    family: family,
                    members: members[family.id] ?? 0,
                    schools: schools[family.id] ?? 0,
                    coaches: coaches[family.id] ?? 0,
                    interactions: interactions[family.id] ?? 0,
                    metrics: metrics[family.id] ?? 0,
                    offers: offers[family.id] ?? 0
                )
            }
        }
    }
}
