import Foundation

/// The entries of a pdf's catalog that cairo 1.16 does not write: the document's language
/// (/Lang, which a screen reader speaks the text in) and /ViewerPreferences with
/// /DisplayDocTitle, so that a viewer's title bar shows the title rather than the file name.
/// They are added as an incremental update (docs/outputs.md, "Accessible pdfs"): a new version of the catalog
/// object, an xref section for it and a trailer pointing back to cairo's, appended after
/// cairo's bytes, which stay as they are. Deterministic: the same file gives the same update.
enum PDFCatalogUpdate {
    static let language = "en-US"
    static let entries = "/Lang (\(language)) /ViewerPreferences << /DisplayDocTitle true >>"

    /// What was read from the end of cairo's file: the trailer's dictionary and where the xref table starts.
    struct Trailer: Equatable {
        let dictionary: String
        let xrefOffset: Int
        let root: Int
    }

    /// The trailer of a classic (table) xref, from the file's last bytes.
    static func trailer(fromTail tail: String) -> Trailer? {
        guard let trailerRange = tail.range(of: "trailer", options: .backwards),
              let startRange = tail.range(of: "startxref", options: .backwards),
              trailerRange.upperBound <= startRange.lowerBound else { return nil }
        let dictionary = tail[trailerRange.upperBound..<startRange.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let offsetText = tail[startRange.upperBound...].split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), let offset = Int(offsetText),
              let root = reference(named: "/Root", in: dictionary) else { return nil }
        return Trailer(dictionary: dictionary, xrefOffset: offset, root: root)
    }

    /// The object number of an indirect reference such as "/Root 12 0 R".
    static func reference(named key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key + " ") else { return nil }
        let words = dictionary[range.upperBound...].split(separator: " ", maxSplits: 3)
        guard words.count >= 3, words[2].hasPrefix("R"), let number = Int(words[0]) else { return nil }
        return number
    }

    /// The catalog's dictionary, from the text that starts at its object ("12 0 obj\n<< … >>\nendobj").
    static func catalogDictionary(fromObject text: String, number: Int) -> String? {
        guard text.hasPrefix("\(number) 0 obj"), let end = text.range(of: "endobj") else { return nil }
        let body = text[text.index(text.startIndex, offsetBy: "\(number) 0 obj".count)..<end.lowerBound]
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard body.hasPrefix("<<"), body.hasSuffix(">>"), body.contains("/Catalog") else { return nil }
        return body
    }

    /// The bytes appended to a file of `length` bytes: the catalog again with the new entries,
    /// an xref section with that one object, and a trailer whose /Prev is cairo's xref.
    static func update(catalog: String, trailer: Trailer, length: Int) -> String {
        let newCatalog = String(catalog.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines) + " " + entries + " >>"
        var bytes = "\n"
        let objectOffset = length + bytes.utf8.count
        bytes += "\(trailer.root) 0 obj\n\(newCatalog)\nendobj\n"
        let xrefOffset = length + bytes.utf8.count
        // Each xref entry is exactly 20 bytes: 10 digits, space, 5 digits, space, "n", CR LF.
        bytes += "xref\n\(trailer.root) 1\n" + String(format: "%010d 00000 n\r\n", objectOffset)
        var dictionary = trailer.dictionary
        if let prev = dictionary.range(of: "/Prev ") {
            // A file already updated once: the new section points at the latest xref.
            let rest = dictionary[prev.upperBound...].drop { $0.isNumber }
            dictionary = String(dictionary[..<prev.lowerBound]) + String(rest)
        }
        dictionary = String(dictionary.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines) + " /Prev \(trailer.xrefOffset) >>"
        bytes += "trailer\n\(dictionary)\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return bytes
    }

    /// Reads cairo's finished file at `path` (`length` bytes) and returns the update to append.
    static func update(forFileAt path: String, length: Int) throws -> String {
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw ExportError.write(path: path, reason: "could not read the pdf back to add its language and title display")
        }
        defer { try? file.close() }
        func read(at offset: Int, count: Int) throws -> String {
            try file.seek(toOffset: UInt64(max(0, offset)))
            let data = try file.read(upToCount: count) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        let malformed = ExportError.library(name: "cairo", call: "cairo_surface_finish", message: "the pdf's trailer or catalog was not as expected")
        guard let trailer = trailer(fromTail: try read(at: length - 1_024, count: 1_024)) else { throw malformed }
        // The xref table: "xref\n0 N\n", then 20 bytes an object.
        let head = try read(at: trailer.xrefOffset, count: 64)
        let lines = head.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0] == "xref", lines[1].split(separator: " ").first == "0" else { throw malformed }
        let entryOffset = trailer.xrefOffset + lines[0].utf8.count + lines[1].utf8.count + 2 + 20 * trailer.root
        guard let catalogOffset = Int(try read(at: entryOffset, count: 10)),
              let catalog = catalogDictionary(fromObject: try read(at: catalogOffset, count: 4_096), number: trailer.root) else {
            throw malformed
        }
        return update(catalog: catalog, trailer: trailer, length: length)
    }
}
