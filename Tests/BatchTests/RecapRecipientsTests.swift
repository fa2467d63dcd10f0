import Aggregation
import AppStore
import Delivery
import TestFixtures
import TestSupport
import Testing

@testable import Batch

/// A failed family's recipients are the ones its recap would have had (issue 41, defect 2): the
/// member roles come from `MemberRole` through `DeliveryJob.Recipients.memberRoles`, for the plan
/// and for the failure alike; `athlete` is a player, and a role the app does not know is no one.
struct RecapRecipientsTests {
    @Test(arguments: [DeliveryJob.Recipients.members, .player, .parents])
    func aFailedFamilysRecipientsAreThoseItsPlanWouldHave(choice: DeliveryJob.Recipients) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The same family twice: as its plan reads it, and with a member whose role the app does
        // not know (a row that fails the family, whose recipients then come from the memberships).
        func database(_ name: String, stranger: Bool) throws -> SQLiteSource {
            try Fixture.database(at: folder.file(name)) { f in
                try f.family("F")
                for (user, role) in [("kid", "athlete"), ("mom", "parent"), ("dad", "parent")]
                    + (stranger ? [("aunt", "coach")] : [])
                {
                    try f.user(user, role: role == "athlete" ? "player" : "parent")
                    try f.member(family: "F", user: user, role: role)
                }
            }
            return try SQLiteSource(path: folder.file(name))
        }
        let data = try database("good.db", stranger: false).loadFamily(id: "F", interactions: false, season: false)
        let source = try database("bad.db", stranger: true)
        var job = DeliveryJob(from: MIMEMessage.Address(email: "reports@example.com")!)
        job.to = choice
        let plan = RecipientPlan.make(choice, data: data, digestOff: [], optedOut: [])
        let failed = RecapStage.familyFailedRecipients(job, family: data.family, source: source)
        #expect(Set(failed.compactMap(\.userID)) == Set(plan.recipients.compactMap(\.userID)))
        #expect(failed.allSatisfy { $0.userID != "aunt" })
        #expect(Set(failed.compactMap(\.userID)).contains("kid") == (choice != .parents))
    }
}
