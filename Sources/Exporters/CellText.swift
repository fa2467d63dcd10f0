import Foundation

/// The text rules every format shares (docs/outputs.md): control characters other than tab, CR
/// and LF are removed from cell text; nothing else changes.
public enum CellText {
    public static func clean(_ text: String) -> String {
        // Only a byte below 0x20, DEL, or 0xC2 (the lead byte of U+0080–U+00BF) can start a removed character.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
            text.unicodeScalars.contains(where: isRemoved)
        else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { !isRemoved($0) })
        return String(scalars)
    }

    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
