import Aggregation
import AppStore
import Foundation
import TestFixtures
import TestSupport
import Testing

/// The app's current schema lacks fit_score, priority_tier, ranking and responsiveness_score.
struct OptionalColumnsTests {
    @Test func aDatabaseWithoutTheOptionalColumns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("current.db")
        try Fixture.database(at: path, includeOptionalColumns: false) { f in
            try f.family("F", name: "Rivera Family")
            try f.school(
                "s1",
                family: "F",
                status: "offer_received",
                [
                    "division": "D1", "is_favorite": 1,
                    "academic_info": #"{"latitude": 0, "longitude": 0, "student_size": 999}"#,
                    "pros": #"["Close to home", "Zoë's pick"]"#,
                ]
            )
            try f.coach("c1", family: "F", school: "s1", role: "recruiting")
        }
        let source = try SQLiteSource(path: path)
        #expect(
            source.missingOptionalColumns == [
                "schools.fit_score", "schools.priority_tier", "schools.ranking", "coaches.responsiveness_score",
            ]
        )
        #expect(source.optionalColumnsNote?.contains("schools.fit_score, schools.priority_tier") == true)
        let data = try source.loadFamily(id: "F")
        let school = try #require(data.schools.first)
        #expect(school.fitScore == nil && school.priorityTier == nil && school.ranking == nil)
        #expect(school.status == .offerReceived && school.division == .d1 && school.isFavorite)
        #expect(school.pros == ["Close to home", "Zoë's pick"])
        #expect(school.academicInfo?.coordinate == Coordinate(latitude: 0, longitude: 0))
        #expect(school.academicInfo?.studentSize == 999)
        #expect(data.coaches.first?.responsivenessScore == nil)
        #expect(try source.check().isEmpty)
    }

    /// Without the season's tables (docs/season.md §1) the same one line names them; the
    /// player's sport (`users.primary_sport_id`) is read when the column is there.
    @Test func theNoteNamesTheSeasonsMissingTablesAndThePlayersSportIsRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("partial.db")
        try Fixture.database(at: path, includeOptionalColumns: false) { f in
            try f.family("F")
            try f.user("p", role: "player")
            try f.member(family: "F", user: "p", role: "player")
            try f.db.execute(sql: "UPDATE users SET primary_sport_id = 'sp1'")
            try f.db.execute(
                sql:
                    "CREATE TABLE events (id TEXT, family_unit_id TEXT, school_id TEXT, user_id TEXT, type TEXT, name TEXT, location TEXT, city TEXT, state TEXT, start_date TEXT, end_date TEXT, start_time TEXT, registered INTEGER, attended INTEGER)"
            )
            try f.db.execute(sql: "CREATE TABLE sports (id TEXT, name TEXT)")
        }
        let source = try SQLiteSource(path: path)
        #expect(
            source.optionalColumnsNote
                == "note: '\(path)' has no column schools.fit_score, schools.priority_tier, schools.ranking, coaches.responsiveness_score; "
                + "these optional values read as empty; it has no table school_status_history, player_profiles, profile_tracking_links, profile_views, "
                + "follow_up_reminders, user_deadlines, system_calendar, athlete_messages, video_links, recommendation_letters, "
                + "contact_window_rules; the parts of the season that need them are left out"
        )
        #expect(try source.loadFamily(id: "F").season.playerSportID == "sp1")
    }

    @Test func aFullDatabaseHasNoNote() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("full.db")
        try Fixture.database(at: path) { f in
            try f.family("F")
            try f.school("s1", family: "F", ["fit_score": 0, "priority_tier": "A", "ranking": 12])
            try f.coach("c1", family: "F", ["responsiveness_score": 74.99])
            try AppSchema.createSeasonTables(in: f.db)
        }
        let source = try SQLiteSource(path: path)
        #expect(source.missingOptionalColumns.isEmpty && source.optionalColumnsNote == nil)
        let data = try source.loadFamily(id: "F")
        #expect(data.schools.first?.fitScore == 0)
        #expect(data.schools.first?.priorityTier == .a)
        #expect(data.schools.first?.ranking == 12)
        #expect(data.coaches.first?.responsivenessScore == 74.99)
    }
}
