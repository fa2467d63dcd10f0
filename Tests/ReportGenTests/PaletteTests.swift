import Aggregation
import ReportGen
import Testing

/// The built-in colours of the page specifications (presentation lives in ReportGen).
struct PaletteTests {
    @Test func coloursOfThePageSpecifications() {
        #expect(ResponsivenessLevel.high.color.hexString == "#10B981")
        #expect(ResponsivenessLevel.medium.color.hexString == "#F59E0B")
        #expect(ResponsivenessLevel.low.color.hexString == "#EF4444")
        #expect(Palette.schoolsCard.hexString == "#0066FF")
        #expect(Palette.coachesCard.hexString == "#9333EA")
        #expect(Palette.interactionsCard.hexString == "#00CC66")
        #expect(Palette.metricsCard.hexString == "#FF6B00")
        #expect(Palette.responseRateCard.hexString == "#4F46E5")
        #expect(RGBColor(hexString: "#4f46e5") == Palette.responseRateCard)
        #expect(RGBColor(hexString: "nope") == nil)
    }

    @Test func everyStatusHasItsBadgeColour() {
        #expect(SchoolStatus.researching.color.hexString == "#64748B")
        // The app's badge palette (app-today.md §1).
        #expect(
            SchoolStatus.allCases.map(\.color) == [
                Palette.slate, Palette.blue, Palette.orange, Palette.emerald, Palette.emerald, Palette.red,
            ]
        )
        #expect(
            FitBand.color(70) == Palette.emerald && FitBand.color(69.9) == Palette.orange
                && FitBand.color(0) == Palette.red
        )
    }
}
