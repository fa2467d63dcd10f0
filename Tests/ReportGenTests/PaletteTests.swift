import Aggregation
import ReportGen
import Testing

/// The built-in colours (Templates/palette.yaml) are the page specifications' (presentation
/// lives in ReportGen).
struct PaletteTests {
    let palette = OutputPalette.builtIn

    @Test func coloursOfThePageSpecifications() {
        #expect(
            ResponsivenessLevel.allCases.map { palette.responsiveness($0).hexString } == [
                "#10B981", "#F59E0B", "#EF4444",
            ]
        )
        // docs/report.md §3: the five stat cards.
        #expect(
            ["schools", "coaches", "interactions", "metrics", "response_rate"].map { palette.card($0).hexString }
                == ["#0066FF", "#9333EA", "#00CC66", "#FF6B00", "#4F46E5"]
        )
        #expect(RGBColor(hexString: "#4f46e5") == palette.card("response_rate"))
        #expect(RGBColor(hexString: "nope") == nil)
    }

    @Test func everyStatusHasItsBadgeColour() {
        // The app's badge palette (app-today.md §1): slate, blue, orange, emerald twice, red.
        #expect(
            SchoolStatus.allCases.map { palette.status($0).hexString } == [
                "#64748B", "#3B82F6", "#F97316", "#10B981", "#10B981", "#EF4444",
            ]
        )
        #expect(
            FitBand.color(70) == Palette.emerald && FitBand.color(69.9) == Palette.orange
                && FitBand.color(0) == Palette.red
        )
    }

    /// A palette changed in one colour (as a user's palette.yaml is merged) keeps every other.
    @Test func oneColourChangedLeavesTheOthers() {
        var mine = palette
        mine.groups["status", default: [:]]["contacted"] = RGBColor(0x123456)
        #expect(mine.status(.contacted) == RGBColor(0x123456))
        #expect(mine.status(.visiting) == palette.status(.visiting) && mine.card("schools") == palette.card("schools"))
        #expect(mine != palette)
    }
}
