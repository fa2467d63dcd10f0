import Foundation

extension PDFColor {
    /// `#RRGGBB` in upper case, each channel rounded to the nearest of 256.
    public var hex: String {
        let digits: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: 7) { text in
            func put(_ channel: Double, at index: Int) {
                let byte = Int((max(0, min(1, channel)) * 255).rounded())
                text[index] = digits.utf8Start[byte >> 4]
                text[index + 1] = digits.utf8Start[byte & 0x0F]
            }
            text[0] = UInt8(ascii: "#")
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            return 7
        }
    }

    /// The colour laid over `background` at `amount` (0 is the background, 1 the colour).
    public func over(_ background: PDFColor, amount: Double) -> PDFColor {
        PDFColor(
            red: background.red + (red - background.red) * amount,
            green: background.green + (green - background.green) * amount,
            blue: background.blue + (blue - background.blue) * amount
        )
    }

    /// The colour as a page writes it: each channel rounded to 8 bits (`hex`).
    var written: PDFColor {
        PDFColor(
            red: (red * 255).rounded() / 255,
            green: (green * 255).rounded() / 255,
            blue: (blue * 255).rounded() / 255
        )
    }

    /// The colour as a page writes it, readable as text on each of `backgrounds` (all light, or
    /// all dark): darkened on light ones, or lightened on dark ones, just until it reads at 4.5:1
    /// or more on every one, rounding included (a colour at 4.50:1 can round to 4.49:1).
    func readable(onEach backgrounds: [PDFColor]) -> PDFColor {
        let light = backgrounds.allSatisfy { $0.luminance > 0.18 }
        var color = backgrounds.reduce(self) { $0.readable(on: $1) }.written
        var steps = 0
        // A step of one unit of 255 a channel, so that rounding can never take it back.
        let unit = (light ? -1.0 : 1.0) / 255
        while backgrounds.contains(where: { color.contrast(with: $0) < PDFColor.minimumContrast }), steps < 255 {
            color =
                PDFColor(
                    red: max(0, min(1, color.red + unit)),
                    green: max(0, min(1, color.green + unit)),
                    blue: max(0, min(1, color.blue + unit))
                ).written
            steps += 1
        }
        return color
    }
}
