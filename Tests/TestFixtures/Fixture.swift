import Aggregation
import AppStore
import Foundation
import GRDB

/// Builds app databases in code for tests: the schema of `AppSchema`, and rows given by
/// column name, with helpers that fill the required columns of each table.
public struct Fixture {
    public let db: Database

    /// Creates a database at `path` and fills it with `build`.
    public static func database(
        at path: String,
        includeOptionalColumns: Bool = true,
        _ build: (Fixture) throws -> Void
    ) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try AppSchema.create(in: db, includeOptionalColumns: includeOptionalColumns)
            try build(Fixture(db: db))
        }
        try queue.close()
    }

    /// Inserts one row; columns not named are null.
    public func insert(_ table: String, _ values: [String: (any DatabaseValueConvertible)?]) throws {
        let names = values.keys.sorted()
        let sql =
            "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
        try db.execute(
            sql: sql,
            arguments: StatementArguments(names.map { name -> (any DatabaseValueConvertible)? in values[name] ?? nil })
        )
    }

    private func merged(
        _ base: [String: (any DatabaseValueConvertible)?],
        _ overrides: [String: (any DatabaseValueConvertible)?]
    ) -> [String: (any DatabaseValueConvertible)?] {
        base.merging(overrides) { _, new in new }
    }

    public func family(
        _ id: String,
        name: String? = nil,
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "family_units",
            merged(["id": id, "family_name": name, "created_at": "2025-01-01T00:00:00Z"], overrides)
        )
    }

    public func user(
        _ id: String,
        role: String = "parent",
        timezone: String? = nil,
        fullName: String? = nil,
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "users",
            merged(
                ["id": id, "email": "\(id)@example.com", "full_name": fullName, "role": role, "timezone": timezone],
                overrides
            )
        )
    }

    public func member(family: String, user: String, role: String = "parent") throws {
        try insert("family_members", ["family_unit_id": family, "user_id": user, "role": role])
    }

    public func location(user: String, json: String) throws {
        try insert("user_preferences", ["user_id": user, "category": "location", "data": json])
    }

    public func school(
        _ id: String,
        family: String?,
        name: String? = nil,
        status: String? = "researching",
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "schools",
            merged(
                [
                    "id": id, "family_unit_id": family, "name": name ?? "School \(id)", "status": status,
                    "created_at": "2025-06-01T12:00:00Z",
                ],
                overrides
            )
        )
    }

    public func coach(
        _ id: String,
        family: String?,
        school: String? = nil,
        role: String = "head",
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "coaches",
            merged(
                [
                    "id": id, "family_unit_id": family, "school_id": school, "role": role,
                    "first_name": "First\(id)", "last_name": "Last\(id)",
                ],
                overrides
            )
        )
    }

    public func interaction(
        _ id: String,
        family: String?,
        type: String = "email",
        direction: String = "outbound",
        occurredAt: String? = "2026-11-20T15:00:00Z",
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "interactions",
            merged(
                [
                    "id": id, "family_unit_id": family, "type": type, "direction": direction,
                    "occurred_at": occurredAt, "created_at": "2026-11-20T15:00:00Z",
                ],
                overrides
            )
        )
    }

    public func metric(
        _ id: String,
        family: String?,
        type: String = "sixty_time",
        value: Double? = 6.9,
        recorded: String? = "2026-11-20",
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "performance_metrics",
            merged(
                [
                    "id": id, "family_unit_id": family, "metric_type": type, "value": value,
                    "unit": "s", "recorded_date": recorded, "created_at": "2026-11-20T15:00:00Z",
                ],
                overrides
            )
        )
    }

    public func offer(
        _ id: String,
        family: String?,
        school: String? = nil,
        type: String = "partial",
        _ overrides: [String: (any DatabaseValueConvertible)?] = [:]
    ) throws {
        try insert(
            "offers",
            merged(
                [
                    "id": id, "family_unit_id": family, "school_id": school, "offer_type": type,
                    "created_at": "2026-01-01T00:00:00Z",
                ],
                overrides
            )
        )
    }
}
