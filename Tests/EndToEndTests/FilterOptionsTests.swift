import Aggregation
import ArgumentParser
import Core
import ReportGen
import Testing
import report_batch

/// Every option of the `export` commands' filter groups reaches its typed filter, and a job
/// file's text for the same filters types to the same values (ListFilterTable.swift).
struct FilterOptionsTests {
    @Test func everyCoachesOptionSetsItsFilter() throws {
        let parsed = try CoachFilterOptions.parse([
            "--search", "ann", "--role", "head", "--last-contact-days", "3", "--responsiveness", "high",
        ])
        var fromJob = ListFilterValues()
        fromJob[.search] = .text("ann")
        fromJob[.role] = .text("head")
        fromJob[.lastContactDays] = .wholeNumber(3)
        fromJob[.responsiveness] = .text("high")
        for filters in [try parsed.values.coaches(), try fromJob.coaches()] {
            #expect(filters.search == "ann")
            #expect(filters.role?.rawValue == "head")
            #expect(filters.lastContactDays == 3)
            #expect(filters.responsiveness?.rawValue == "high")
        }
    }

    /// `--status` and a job's `status:` take the app's six statuses; an older one is a usage
    /// error naming them, and `interested` says it is now the favorites filter (app-today.md §1).
    @Test func anOlderStatusIsAUsageErrorNamingTheSixAndFavorites() throws {
        let parsed = try SchoolFilterOptions.parse(["--status", "interested"])
        var fromJob = ListFilterValues()
        fromJob[.status] = .texts(["interested"])
        let six = "researching, contacted, visiting, offer_received, committed, not_pursuing"
        do {
            _ = try parsed.values.schools()
            Issue.record("--status interested was taken")
        } catch let error as UsageError {
            #expect(
                error.message.contains("--status 'interested'") && error.message.contains("--favorites"),
                "\(error)"
            )
            #expect(error.message.contains(six))
        }
        do {
            _ = try fromJob.schools()
            Issue.record("status: [interested] was taken")
        } catch let error as UsageError {
            #expect(error.inJobKeys.contains("status 'interested'") && error.inJobKeys.contains("use favorites"))
        }
        for older in ["camp_invite", "declined"] {
            #expect(throws: UsageError.self) { try SchoolFilterOptions.parse(["--status", older]).values.schools() }
        }
        #expect(throws: (any Error).self) { try SchoolFilterOptions.parse(["--status", "nope"]) }
    }

    @Test func everySchoolsOptionSetsItsFilter() throws {
        let parsed = try SchoolFilterOptions.parse([
            "--search", "state", "--division", "D1", "--status", "visiting", "--status", "contacted",
            "--state", "TX", "--favorites", "--tier", "a", "--fit-min", "10", "--fit-max", "90",
            "--max-distance", "50", "--home", "30,-97",
        ])
        var fromJob = ListFilterValues()
        fromJob[.search] = .text("state")
        fromJob[.division] = .text("D1")
        fromJob[.status] = .texts(["visiting", "contacted"])
        fromJob[.state] = .text("TX")
        fromJob[.favorites] = .flag(true)
        fromJob[.tier] = .text("a")
        fromJob[.fitMin] = .number(10)
        fromJob[.fitMax] = .number(90)
        fromJob[.maxDistance] = .number(50)
        fromJob[.home] = .text("30,-97")
        for values in [parsed.values, fromJob] {
            let filters = try values.schools()
            #expect(filters.search == "state")
            #expect(filters.division?.rawValue == "D1")
            #expect(filters.statuses.map(\.rawValue) == ["visiting", "contacted"])
            #expect(filters.state == "TX")
            #expect(filters.favoritesOnly)
            #expect(filters.tier?.rawValue == "A")
            #expect(filters.fitMin == 10 && filters.fitMax == 90 && filters.maxDistance == 50)
            #expect(try values.homeCoordinate().map { [$0.latitude, $0.longitude] } == [30, -97])
        }
    }

    @Test func everyInteractionsOptionSetsItsFilter() throws {
        let parsed = try InteractionFilterOptions.parse([
            "--search", "visit", "--type", "email", "--direction", "inbound",
            "--sentiment", "positive", "--days", "7", "--logged-by", "u1",
        ])
        var fromJob = ListFilterValues()
        fromJob[.search] = .text("visit")
        fromJob[.type] = .text("email")
        fromJob[.direction] = .text("inbound")
        fromJob[.sentiment] = .text("positive")
        fromJob[.days] = .wholeNumber(7)
        fromJob[.loggedBy] = .text("u1")
        for values in [parsed.values, fromJob] {
            guard case .interactions(let filters, let range) = try values.interactions(range: nil) else {
                Issue.record("not the interactions' filters")
                continue
            }
            #expect(range == nil)
            #expect(filters.search == "visit")
            #expect(filters.type?.rawValue == "email")
            #expect(filters.direction?.rawValue == "inbound")
            #expect(filters.sentiment?.rawValue == "positive")
            #expect(filters.lastDays == 7)
            #expect(filters.loggedBy == "u1")
        }
    }

    /// A check across two filters words both options the way its front end does.
    @Test func errorsNameTheOptionsAsTheirFrontEndWordsThem() throws {
        var values = ListFilterValues()
        values[.fitMin] = .number(90)
        values[.fitMax] = .number(10)
        values[.maxDistance] = .number(-5)
        let error = #expect(throws: UsageError.self) { try values.schools() }
        #expect(error?.message == "--fit-min 90.0 is above --fit-max 10.0; no school could match")
        #expect(error?.inJobKeys == "fit-min 90.0 is above fit-max 10.0; no school could match")
    }
}
