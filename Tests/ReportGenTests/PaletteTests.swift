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
        // The app's badge palette (app-today.md §1).
        #expect(
            SchoolStatus.allCases.map(palette.status) == [
                Palette.slate, Palette.blue, Palette.orange, Palette.emerald, Palette.emerald, Palette.red,
            ]
        )
        #expect(
            FitBand.color(70) == Palette.emerald && FitBand.color(69.9) == Palette.orange
                && FitBand.color(0) == Palette.red
        )
    }

    /// A name a palette does not set is grey, and a palette that sets one colour keeps the others.
    @Test func aColourLeftOutKeepsItsBuiltInValue() {
        #expect(OutputPalette().status(.contacted) == Palette.gray)
        var mine = palette
        mine.groups["status", default: [:]]["contacted"] = RGBColor(0x123456)
        #expect(mine.status(.contacted) == RGBColor(0x123456))
        #expect(mine.status(.visiting) == palette.status(.visiting) && mine.card("schools") == palette.card("schools"))
    }
}
