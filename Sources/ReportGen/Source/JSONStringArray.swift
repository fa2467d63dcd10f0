/// A small reader for the JSON the app stores most: an array of strings (`pros`, `cons`,
/// `attachments`). It returns nil for anything else, and the caller then falls back to
/// Foundation's parser, which also words the error.
enum JSONStringArray {
    static func parse(_ text: String) -> [String]? {
        var bytes = Array(text.utf8)[...]
        func skipSpace() {
            while let byte = bytes.first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { bytes.removeFirst() }
        }
        skipSpace()
        guard bytes.popFirst() == UInt8(ascii: "[") else { return nil }
        var result: [String] = []
        skipSpace()
        if bytes.first == UInt8(ascii: "]") {
            bytes.removeFirst()
            skipSpace()
            return bytes.isEmpty ? result : nil
        }
        while true {
            skipSpace()
            guard bytes.popFirst() == UInt8(ascii: "\""), let string = readString(&bytes) else { return nil }
            result.append(string)
            skipSpace()
            switch bytes.popFirst() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"):
                skipSpace()
                return bytes.isEmpty ? result : nil
            default: return nil
            }
        }
    }

    /// Reads the rest of a string after its opening quote; nil on anything not plain.
    private static func readString(_ bytes: inout ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        while let byte = bytes.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = bytes.popFirst() else { return nil }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                default: return nil  // \u escapes and anything else: let Foundation read it
                }
            case 0x00..<0x20:
                return nil
            default:
                out.append(byte)
            }
        }
        return nil
    }
}
