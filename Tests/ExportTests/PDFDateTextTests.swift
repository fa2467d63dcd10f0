import Foundation
import Testing

@testable import Exporters

/// The pdf's creation date is the text ISO8601DateFormatter wrote for it, for every second
/// of the years report-batch takes (1901–9998), fractions of a second dropped.
struct PDFDateTextTests {
    @Test func theDateIsWhatISO8601DateFormatterWrote() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let first = -2_177_452_800.0
        let last = 253_339_200_000.0  // 1901-01-01 and about 9998-01-01
        var dates = [first, last, 0, -1, -86_400, -86_401, 951_782_400, 1_795_413_600.75, -0.5, 4_107_542_399]
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            dates.append(first + Double(state >> 11) / Double(1 << 53) * (last - first))
        }
        for seconds in dates {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(PDFDateText.utc(date) == formatter.string(from: date), "\(seconds)")
        }
    }
}
