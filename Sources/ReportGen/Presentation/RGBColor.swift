// Colours are presentation: the domain (Aggregation) has none.

/// A colour as the page specifications give it, e.g. `#0066FF`.
package struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    package let red: UInt8
    package let green: UInt8
    package let blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Builds a colour from a 24-bit value written as hex in the source: `RGBColor(0x0066FF)`.
    package init(_ hex: UInt32) {
        self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
    }

    /// Parses `#RRGGBB` (the `#` is optional); nil for anything else.
    package init?(hexString: String) {
        var text = Substring(hexString)
        if text.hasPrefix("#") { text = text.dropFirst() }
        guard text.count == 6, let value = UInt32(text, radix: 16) else { return nil }
        self.init(value)
    }

    /// `#RRGGBB` in upper case.
    package var hexString: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for byte in [red, green, blue] {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return out
    }

    package var description: String { hexString }
}
