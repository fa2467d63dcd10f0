import Exporters
import Testing

/// A percentage is shown with one decimal unless one would round it up to a whole number it
/// is below: a value never reads as across a level boundary (50, 75) that it has not reached.
struct NumberTextTests {
    @Test(
        arguments: [
            (49.99, 2), (49.999, 3), (74.95, 2), (74.9999, 4), (99.96, 2), (50, 1), (75, 1), (12.34, 1), (49.94, 1),
            (0, 1), (100, 1), (-0.04, 1), (49.99999999, 6),
        ] as [(Double, Int)]
    )
    func percentPlaces(value: Double, places: Int) {
        #expect(NumberText.percentPlaces(value) == places)
    }
}
