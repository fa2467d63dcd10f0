import Aggregation
import Exporters

/// The season's parts of the report's json (docs/season.md §6): `changes`, `ahead` and
/// `trend`, keys in the order that page lists them, a part a missing table leaves out as null.
enum SeasonJSON {
    static func day(_ date: CivilDate?) -> JSONValue { .string(date?.description) }

    static func changes(_ changes: SeasonChanges) -> JSONValue {
        .object([
            (
                "statusChanges",
                changes.statusChanges.map { list in
                    .array(
                        list.map { change in
                            .object([
                                ("date", day(change.date)), ("school", .string(change.school)),
                                ("from", .string(change.from?.rawValue)),
                                ("to", .string(change.to.rawValue)), ("direction", .string(change.direction.rawValue)),
                                ("by", .string(change.by)),
                                ("note", .string(change.note)),
                            ])
                        }
                    )
                } ?? .null
            ),
            (
                "moved",
                changes.moved.map {
                    .object([("forward", .integer($0.forward)), ("back", .integer($0.back)), ("out", .integer($0.out))])
                } ?? .null
            ),
            (
                "coachesWhoWrote",
                .array(
                    changes.coachesWhoWrote.map { coach in
                        .object([
                            ("coach", .string(coach.coach)), ("school", .string(coach.school)),
                            ("inbound", .integer(coach.inbound)),
                            ("last", day(coach.last)), ("firstTime", .bool(coach.firstTime)),
                        ])
                    }
                )
            ),
            ("otherInbound", .integer(changes.otherInbound)),
            (
                "newSchools",
                .array(
                    changes.newSchools.map { school in
                        .object([
                            ("school", .string(school.school)), ("status", .string(school.status.rawValue)),
                            ("division", .string(school.division?.rawValue)),
                        ])
                    }
                )
            ),
            (
                "newOffers",
                .array(
                    changes.newOffers.map { offer in
                        .object([
                            ("school", .string(offer.school)), ("offerType", .string(offer.offerType.rawValue)),
                            ("date", day(offer.date)),
                            ("deadline", day(offer.deadline)),
                        ])
                    }
                )
            ),
            (
                "profileViews",
                changes.profileViews.map { views in
                    .object([
                        ("total", .integer(views.total)),
                        (
                            "byCoach",
                            .array(
                                views.byCoach.map { coach in
                                    .object([
                                        ("coach", .string(coach.coach)), ("school", .string(coach.school)),
                                        ("views", .integer(coach.views)),
                                        ("lastViewed", day(coach.lastViewed)),
                                    ])
                                }
                            )
                        ),
                        ("other", .integer(views.other)),
                    ])
                } ?? .null
            ),
        ])
    }

    static func ahead(_ ahead: SeasonAhead) -> JSONValue {
        .object([
            (
                "events",
                ahead.events.map { events in
                    .array(
                        events.map { event in
                            .object([
                                ("start", day(event.start)), ("end", day(event.end)), ("time", .string(event.time)),
                                ("type", .string(event.type.rawValue)),
                                ("name", .string(event.name)), ("school", .string(event.school)),
                                ("place", .string(event.place)),
                                ("registered", .bool(event.registered)), ("daysAway", .integer(event.daysAway)),
                            ])
                        }
                    )
                } ?? .null
            ),
            (
                "calendar",
                ahead.calendar.map { items in
                    .array(
                        items.map { item in
                            .object([
                                ("label", .string(item.label)), ("category", .string(item.category.rawValue)),
                                ("start", day(item.start)),
                                ("end", day(item.end)), ("division", .string(item.division?.rawValue.lowercased())),
                                ("sport", .string(item.sport)),
                            ])
                        }
                    )
                } ?? .null
            ),
        ])
    }

    static func trend(_ trend: SeasonTrend) -> JSONValue {
        .object([
            (
                "weeks",
                .array(
                    trend.weeks.map { week in
                        .object([
                            ("start", day(week.start)), ("end", day(week.end)), ("outbound", .integer(week.outbound)),
                            ("inbound", .integer(week.inbound)),
                            ("contactedCoaches", .integer(week.contactedCoaches)),
                            ("respondingCoaches", .integer(week.respondingCoaches)),
                            ("responseRate", .number(week.responseRate)),
                            ("profileViews", week.profileViews.map { .integer($0) } ?? .null),
                            ("metrics", .object(week.metrics.map { ($0.type, .number($0.average)) })),
                            ("pipeline", .object(week.pipeline.map { ($0.key.rawValue, .integer($0.count)) })),
                        ])
                    }
                )
            )
        ])
    }
}
