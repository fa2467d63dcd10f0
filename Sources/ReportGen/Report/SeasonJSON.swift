import Aggregation
import Exporters

/// The season's parts of the report's json (docs/season.md §6): `changes`, `ahead` and
/// `trend`, keys in the order that page lists them, a part a missing table leaves out as null.
enum SeasonJSON {
    static func day(_ date: CivilDate?) -> JSONValue { .string(date?.description) }

    static func changes(_ changes: SeasonChanges) -> JSONValue {
        .object([
            ("statusChanges", changes.statusChanges.map(statusChanges) ?? .null),
            (
                "moved",
                changes.moved.map {
                    .object([("forward", .integer($0.forward)), ("back", .integer($0.back)), ("out", .integer($0.out))])
                } ?? .null
            ),
            ("coachesWhoWrote", coachesWhoWrote(changes.coachesWhoWrote)),
            ("otherInbound", .integer(changes.otherInbound)),
            ("newSchools", newSchools(changes.newSchools)),
            ("newOffers", newOffers(changes.newOffers)),
            ("profileViews", changes.profileViews.map(profileViews) ?? .null),
            ("outreach", NextStepsJSON.outreach(changes.outreach)),
        ])
    }

    /// `statusChanges`: each change's day, school, statuses, direction, who made it and its note.
    private static func statusChanges(_ list: [SeasonChanges.StatusChange]) -> JSONValue {
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
    }

    /// `coachesWhoWrote`: each coach's school, inbound count, last day and whether it was a first.
    private static func coachesWhoWrote(_ coaches: [SeasonChanges.CoachWrote]) -> JSONValue {
        .array(
            coaches.map { coach in
                .object([
                    ("coach", .string(coach.coach)), ("school", .string(coach.school)),
                    ("inbound", .integer(coach.inbound)),
                    ("last", day(coach.last)), ("firstTime", .bool(coach.firstTime)),
                ])
            }
        )
    }

    /// `newSchools`: each school with its status and division.
    private static func newSchools(_ schools: [SeasonChanges.NewSchool]) -> JSONValue {
        .array(
            schools.map { school in
                .object([
                    ("school", .string(school.school)), ("status", .string(school.status.rawValue)),
                    ("division", .string(school.division?.rawValue)),
                ])
            }
        )
    }

    /// `newOffers`: each offer's school, type, day and deadline.
    private static func newOffers(_ offers: [SeasonChanges.NewOffer]) -> JSONValue {
        .array(
            offers.map { offer in
                .object([
                    ("school", .string(offer.school)), ("offerType", .string(offer.offerType.rawValue)),
                    ("date", day(offer.date)),
                    ("deadline", day(offer.deadline)),
                ])
            }
        )
    }

    /// `profileViews`: the total, the views of each coach, and the views not traced to a coach.
    private static func profileViews(_ views: SeasonChanges.ProfileViews) -> JSONValue {
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
            ("contactWindows", NextStepsJSON.contactWindows(ahead.contactWindows)),
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
