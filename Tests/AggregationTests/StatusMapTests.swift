import Aggregation
import Core
import Testing

/// The app's map from a stored status to the six it shows (app-today.md §1), and favorites (§2).
struct StatusMapTests {
    @Test(arguments: [
        (StoredSchoolStatus?.none, false, SchoolStatus.researching), (nil, true, .researching),
        (.researching, true, .researching), (.contacted, false, .contacted),
        (.interested, true, .contacted), (.interested, false, .researching),
        (.campInvite, false, .visiting), (.recruited, false, .visiting), (.officialVisitInvited, false, .visiting),
        (.officialVisitScheduled, true, .visiting), (.visiting, false, .visiting),
        (.offerReceived, false, .offerReceived), (.committed, false, .committed),
        (.declined, true, .notPursuing), (.notPursuing, false, .notPursuing),
    ])
    func everyStoredValueReadsAsTheAppShowsIt(stored: StoredSchoolStatus?, interaction: Bool, shown: SchoolStatus) {
        #expect(SchoolStatus(stored: stored, hasInteraction: interaction) == shown)
    }

    @Test func everyStoredValueHasAReading() {
        for stored in StoredSchoolStatus.allCases {
            let status = SchoolStatus(stored: stored, hasInteraction: true)
            #expect(SchoolStatus.decode(stored.rawValue).map { $0 == status } ?? true, "\(stored) is its own name")
        }
    }

    @Test func anOlderStatusIsRefusedNamingTheSix() throws {
        #expect(try SchoolStatus.parse("visiting", option: "status") == .visiting)
        for text in ["interested", "camp_invite", "declined", "Contacted", "nope"] {
            #expect(throws: UsageError.self) { try SchoolStatus.parse(text, option: "status") }
        }
        do {
            _ = try SchoolStatus.parse("interested", option: "status")
        } catch let error as UsageError {
            let message = "\(error)"
            #expect(message.contains("favorites"), "\(message)")
            #expect(message.contains("researching, contacted, visiting, offer_received, committed, not_pursuing"))
        }
    }
}
