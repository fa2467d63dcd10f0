import AppStore
import GRDB

extension Fixture {
    /// Two families, A and B, with a row of every season table each (and shared calendar rows),
    /// the season's tables made without their indexes; `extra` statements run after the rows.
    /// AppStore's reading tests and ReportGen's output tests share it (docs/season.md §1).
    public static func seasonFamilies(at path: String, extra: [String] = []) throws {
        try database(at: path) { f in
            for family in ["A", "B"] {
                try f.family(family, name: "Family \(family)")
                try f.user("u\(family)", role: "parent", fullName: "Parent \(family)")
                try f.member(family: family, user: "u\(family)")
                try f.school("s\(family)", family: family, status: "interested", ["division": "D1"])
                try f.coach("c\(family)", family: family, school: "s\(family)")
            }
            for statement in AppSchema.tableStatements(AppSchema.seasonTables, leavingOut: [], primaryKeys: true) {
                try f.db.execute(sql: statement)
            }
            try f.db.execute(
                sql: """
                    INSERT INTO school_status_history VALUES ('hA', 'sA', 'contacted', 'interested', 'uA', '2026-11-18T12:00:00Z', 'Auto-advanced: interaction logged'),
                                                             ('hB', 'sB', NULL, 'committed', NULL, '2026-11-18T12:00:00Z', NULL);
                    INSERT INTO player_profiles VALUES ('pA', 'uA', 'A', 1), ('pB', 'uB', 'B', 1);
                    INSERT INTO profile_tracking_links VALUES ('lA', 'pA', 'cA'), ('lB', 'pB', 'cB');
                    INSERT INTO profile_views VALUES ('vA', 'pA', 'lA', '2026-11-19T12:00:00Z'), ('vB', 'pB', 'lB', '2026-11-19T12:00:00Z');
                    INSERT INTO events (id, family_unit_id, school_id, user_id, type, name, start_date, end_date, start_time) VALUES
                        ('e1', 'A', NULL, NULL, 'camp', 'Camp', '2026-11-28', NULL, '09:30:00'),
                        ('e2', NULL, 'sA', NULL, 'official_visit', 'Visit', '2026-11-29', '2026-11-30', NULL),
                        ('e3', NULL, NULL, 'uA', 'showcase', 'Showcase', '2026-12-01', NULL, '18:00'),
                        ('e4', 'B', NULL, NULL, 'game', 'Game', '2026-11-28', NULL, NULL);
                    INSERT INTO follow_up_reminders VALUES ('rA', 'uA', 'sA', 'cA', 'follow_up', 'Call back', '2026-11-24', 'high', 0),
                                                           ('rB', 'uB', NULL, NULL, 'custom', 'Private note', '2026-11-24', NULL, NULL);
                    INSERT INTO user_deadlines VALUES ('dA', 'uA', 'Application', '2026-12-01', 'school', 'sA'), ('dB', 'uB', 'Essay', '2026-12-01', 'school', NULL);
                    INSERT INTO system_calendar VALUES ('k1', 'Dead Period', '2026-11-26', '2026-11-29', 'dead_period', NULL, 'd1');
                    INSERT INTO sports VALUES ('sp1', 'Baseball');
                    """ + extra.joined(separator: ";\n")
            )
        }
    }
}
