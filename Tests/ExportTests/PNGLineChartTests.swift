import CPangoCairo
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
    /// Without a series the card shows its axis alone; one flat series shows its legend's stroke
    /// and its one point on the zero line, in its colour.
    @Test func emptyAndFlatSeriesStillDraw() throws {
        let empty = try Pixels(png: PNGLineChart.render(series: [], labels: []))
        let flat = try Pixels(
            png: PNGLineChart.render(
                series: [PNGLineChart.Series(name: "Out", values: [0], color: (0, 0, 0))],
                labels: ["Nov 16"]
            )
        )
        #expect([empty.width, empty.height, flat.width, flat.height] == [560, 200, 560, 200] as [Int])
        // The legend's stroke: 26…40 × 7 CSS pixels, one wide, at scale 2.
        let legend = (52..<80).flatMap { x in [13, 14].map { (x, $0) } }
        #expect(legend.map { empty.at($0.0, $0.1) } == Array(repeating: 0xFF_FFFF, count: legend.count))
        #expect(legend.map { flat.at($0.0, $0.1) } == Array(repeating: 0x00_0000, count: legend.count))
        // The zero line's left end (26, 84): the grid's grey, or the series' point over it.
        #expect(empty.at(52, 168) == 0xD1_D7_DC)
        #expect(flat.at(52, 168) == 0x00_0000)
        // The card's corner is the card's white in both.
        #expect(empty.at(559, 199) == 0xFF_FFFF && flat.at(559, 199) == 0xFF_FFFF)
    }
}

/// A PNG's pixels as cairo reads them back, each as 0xRRGGBB.
private struct Pixels {
    let width: Int, height: Int
    private let pixels: [UInt32]

    init(png: Data) throws {
        final class Reader {
            let data: Data
            var offset = 0
            init(_ data: Data) { self.data = data }
        }
        let reader = Reader(png)
        let surface = cairo_image_surface_create_from_png_stream(
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                guard reader.offset + Int(length) <= reader.data.count else { return CAIRO_STATUS_READ_ERROR }
                reader.data.copyBytes(to: bytes, from: reader.offset..<reader.offset + Int(length))
                reader.offset += Int(length)
                return CAIRO_STATUS_SUCCESS
            },
            Unmanaged.passUnretained(reader).toOpaque()
        )
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        self.width = width
        self.height = height
        pixels = (0..<height).flatMap { y in
            (0..<width).map { x in
                UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self) & 0xFF_FFFF
            }
        }
    }

    func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
}
