import Aggregation
import Core

/// Where a command reads the app's tables (docs/data-model.md): every family's rows, read
/// one family at a time, through what makes them its own. `SQLiteSource` reads a SQLite
/// file, and a PostgreSQL database is read through a snapshot copied into one
/// (`OpenDatabase`); a new kind of source (a REST export, a folder of csv files) is one more
/// type conforming to this, with no change to the pipeline.
package protocol FamilySource: Sendable {
    /// How messages name the database (never with a password).
    var path: String { get }
    /// Optional columns the database does not have, as `table.column`.
    var missingOptionalColumns: [String] { get }
    /// The note every command prints once about `missingOptionalColumns`, or nil.
    var optionalColumnsNote: String? { get }
    /// The season's optional tables the database does not have.
    var absentSeasonTables: [String] { get }

    /// Every family, by id.
    func families() throws -> [FamilyUnit]
    /// Every family by name, as a person scans for one.
    func familiesByName() throws -> [FamilyUnit]
    /// The family with this id, or a usage error pointing to `report-batch families`.
    func family(id: String) throws -> FamilyUnit
    /// A family's rows; a bad value fails the read (`BadDataError`). `interactions` says which
    /// of their columns become values; without `season` the season's tables are not read (a
    /// job or command of lists alone has no use for them).
    func loadFamily(id: String, interactions: InteractionColumns, season: Bool) throws -> FamilyData
    /// A family's rows with bad ones left out and listed (`bad_rows: skip`).
    func loadFamilyLeavingOutBadRows(
        id: String,
        interactions: InteractionColumns,
        season: Bool
    ) throws -> (data: FamilyData, leftOut: [DataIssue])
    /// A family's interactions one at a time, newest first in `zone` (then by id) when given.
    func forEachInteraction(familyID: String, newestFirstIn zone: Zone?, _ body: (Interaction) throws -> Void) throws
    /// A family's interactions (those `loggedBy` logged, when given) counted per coach and per
    /// school with the latest of each, as `InteractionTally.add` counts them; a bad row fails
    /// the count with the error `forEachInteraction` would throw at it.
    func tallyInteractions(familyID: String, loggedBy: String?, zone: Zone) throws -> InteractionTally

    /// Every family's members, family by family.
    func familyMembers() throws -> [String: [MemberListing]]
    /// One family's members.
    func members(ofFamily id: String) throws -> [MemberListing]
    /// The users among `userIDs` who turned the weekly e-mail off.
    func weeklyDigestOff(userIDs: [String]) throws -> Set<String>
    /// The opted-out addresses, as `String.comparisonKey` compares them.
    func optedOutAddresses() throws -> Set<String>

    /// Every family's row counts, for `report-batch families` (its families have no `fileSlug`).
    func familyCounts() throws -> [FamilyCounts]
    /// Every problem `report-batch check` reports.
    func check() throws -> [DataIssue]
    /// Stored contact values that break the Add Coach rules, as warnings for `check`.
    func contactWarnings() throws -> [String]
}

extension FamilyUnit {
    /// Families by name, A–Z ignoring case and accents, ties by id: how a run lists them, and
    /// how `summarize` puts the shards' families back in a whole run's order.
    package static func byName(_ families: [FamilyUnit]) -> [FamilyUnit] {
        families.map { (SortText($0.displayName), $0) }
            .sorted { $0.0.folded != $1.0.folded ? $0.0.folded < $1.0.folded : $0.1.id < $1.1.id }.map(\.1)
    }
}

extension FamilySource {
    package func loadFamily(id: String) throws -> FamilyData {
        try loadFamily(id: id, interactions: .all, season: true)
    }
    package func loadFamily(id: String, interactions: Bool) throws -> FamilyData {
        try loadFamily(id: id, interactions: interactions ? .all : .none, season: true)
    }
    package func loadFamily(id: String, interactions: Bool, season: Bool) throws -> FamilyData {
        try loadFamily(id: id, interactions: interactions ? .all : .none, season: season)
    }
    package func loadFamilyLeavingOutBadRows(id: String) throws -> (data: FamilyData, leftOut: [DataIssue]) {
        try loadFamilyLeavingOutBadRows(id: id, interactions: .all, season: true)
    }
    package func loadFamilyLeavingOutBadRows(
        id: String,
        season: Bool
    ) throws -> (data: FamilyData, leftOut: [DataIssue]) {
        try loadFamilyLeavingOutBadRows(id: id, interactions: .all, season: season)
    }
}
