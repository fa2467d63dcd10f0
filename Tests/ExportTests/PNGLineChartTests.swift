import Exporters
import Foundation
import Testing

/// The recap's trend chart as PNG bytes (Sources/Exporters/PNGLineChart.swift).
struct PNGLineChartTests {
    static let series = [
        PNGLineChart.Series(
            name: "Out",
            values: [3, 5, 0, 12, 7, 9, 4, 4, 8, 10, 6, 14],
            color: (0.114, 0.306, 0.847)
        ),
        PNGLineChart.Series(
            name: "In",
            values: [1, 0, 0, 2, 3, 1, 0, 5, 2, 2, 4, 6],
            color: (0.706, 0.325, 0.035),
            dashed: true
        ),
    ]
    static let labels = (1...12).map { "Week \($0)" }

    /// A PNG of 2× the size asked for, the same bytes every time, and other bytes for other numbers.
    @Test func thePNGIsTwiceTheSizeAndTheSameBytesEveryTime() throws {
        let first = try PNGLineChart.render(series: Self.series, labels: Self.labels, width: 280, height: 100, scale: 2)
        let second = try PNGLineChart.render(
            series: Self.series,
            labels: Self.labels,
            width: 280,
            height: 100,
            scale: 2
        )
        #expect(first == second)
        #expect(first.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16…23.
        let size = first.subdata(in: 16..<24).map { Int($0) }
        #expect((size[0] << 24 | size[1] << 16 | size[2] << 8 | size[3]) == 560)
        #expect((size[4] << 24 | size[5] << 16 | size[6] << 8 | size[7]) == 200)
        var other = Self.series
        other[0] = PNGLineChart.Series(
            name: "Out",
            values: Array(repeating: 0, count: 12),
            color: (0.114, 0.306, 0.847)
        )
        #expect(try PNGLineChart.render(series: other, labels: Self.labels) != first)
    }

    /// No series, no points, all zeros: still an image (an empty week is 0, the axis at least 1).
    @Test func emptyAndFlatSeriesStillDraw() throws {
        let empty = try PNGLineChart.render(series: [], labels: [])
        let flat = try PNGLineChart.render(
            series: [PNGLineChart.Series(name: "Out", values: [0], color: (0, 0, 0))],
            labels: ["Nov 16"]
        )
        #expect(empty.count > 100 && flat.count > 100 && empty != flat)
    }
}
