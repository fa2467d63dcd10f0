import Foundation

/// What the pdfs need that cairo 1.16 does not write, added as an incremental update
/// (docs/outputs.md, "Accessible pdfs"): cairo's bytes stay as they are, and after them come
/// a new version of each page's content stream with what is drawn outside the structure
/// marked as an artifact (PDFArtifactMarks), a new version of the catalog with the document's
/// language (/Lang, which a screen reader speaks the text in) and /ViewerPreferences with
/// /DisplayDocTitle (a viewer's title bar shows the title rather than the file name), an xref
/// section for those objects and a trailer pointing back to cairo's. Deterministic: the same
/// file gives the same update.
enum PDFUpdate {
    static let language = "en-US"
    static let entries = "/Lang (\(language)) /ViewerPreferences << /DisplayDocTitle true >>"

    /// What was read from the end of cairo's file: the trailer's dictionary and where the xref table starts.
    struct Trailer: Equatable {
        let dictionary: String
        let xrefOffset: Int
        let root: Int
    }

    /// Appends the update to `sink`, which holds cairo's finished file at `path` (`length` bytes).
    static func append(to sink: ByteSink, path: String, length: Int) throws {
        let file = try PDFObjectFile(path: path, length: length)
        defer { file.close() }
        guard let catalog = catalogDictionary(fromObject: "\(file.trailer.root) 0 obj\n" + (try file.object(file.trailer.root)) + "\nendobj",
                                              number: file.trailer.root),
              let pages = reference(named: "/Pages", in: catalog) else {
            throw PDFObjectFile.malformed("has no catalog with pages")
        }
        var writer = UpdateWriter(sink: sink, length: length)
        try writer.write("\n")
        for page in try pageObjects(from: pages, in: file) {
            for number in references(after: "/Contents", in: try file.object(page)) {
                guard let content = try markedContent(number, in: file) else { continue }
                try writer.object(number, header: "<< /Length \(content.count) /Filter /FlateDecode >>\nstream\n", stream: content)
            }
        }
        let newCatalog = String(catalog.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines) + " " + entries + " >>"
        try writer.object(file.trailer.root, header: newCatalog)
        try writer.finish(trailer: file.trailer)
    }

    /// A content stream with its unmarked runs marked, deflated; nil when it is left as it is
    /// (a filter other than Flate, or content PDFArtifactMarks does not mark).
    private static func markedContent(_ number: Int, in file: PDFObjectFile) throws -> [UInt8]? {
        let (dictionary, data) = try file.stream(number)
        let flate = dictionary.contains("/Filter /FlateDecode")
        guard !dictionary.contains("/DecodeParms"), flate || !dictionary.contains("/Filter") else { return nil }
        guard let plain = flate ? Zlib.inflate(data) : data else { throw PDFObjectFile.malformed("has a page stream \(number) that does not inflate") }
        guard let marked = PDFArtifactMarks.marked(plain) else { return nil }
        guard let packed = Zlib.deflate(marked) else { throw ExportError.library(name: "zlib", call: "compress2", message: "out of memory") }
        return packed
    }

    /// The page objects under the page tree node `root`, in page order.
    static func pageObjects(from root: Int, in file: PDFObjectFile, depth: Int = 0) throws -> [Int] {
        guard depth < 32 else { throw PDFObjectFile.malformed("has a page tree deeper than 32") }
        var pages: [Int] = []
        for kid in references(after: "/Kids", in: try file.object(root)) {
            let text = try file.object(kid)
            if text.contains("/Type /Pages") {
                pages += try pageObjects(from: kid, in: file, depth: depth + 1)
            } else {
                pages.append(kid)
            }
        }
        return pages
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
        let words = dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).prefix(3)
        guard words.count == 3, words[words.startIndex + 1] == "0", words[words.startIndex + 2].hasPrefix("R"),
              let number = Int(words[words.startIndex]) else { return nil }
        return number
    }

    /// A direct integer value such as "/Length 1234".
    static func integer(named key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key + " ") else { return nil }
        return dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).first.flatMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The references after `key`: one ("/Contents 4 0 R") or an array ("/Kids [ 3 0 R 7 0 R ]").
    static func references(after key: String, in dictionary: String) -> [Int] {
        guard let range = dictionary.range(of: key) else { return [] }
        let rest = dictionary[range.upperBound...].drop { $0.isWhitespace }
        guard rest.first == "[" else { return reference(named: key, in: dictionary).map { [$0] } ?? [] }
        let array = rest.dropFirst().prefix { $0 != "]" }
        let words = array.split(whereSeparator: \.isWhitespace)
        return stride(from: 0, to: words.count - 2, by: 3).compactMap { index in
            words[index + 1] == "0" && words[index + 2] == "R" ? Int(words[index]) : nil
        }
    }

    /// The catalog's dictionary, from the text that starts at its object ("12 0 obj\n<< … >>\nendobj").
    static func catalogDictionary(fromObject text: String, number: Int) -> String? {
        guard text.hasPrefix("\(number) 0 obj"), let end = text.range(of: "endobj") else { return nil }
        let body = text[text.index(text.startIndex, offsetBy: "\(number) 0 obj".count)..<end.lowerBound]
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard body.hasPrefix("<<"), body.hasSuffix(">>"), body.contains("/Catalog") else { return nil }
        return body
    }
}

/// Writes an update's objects after a file of `length` bytes, remembering where each starts,
/// then its xref section and trailer.
struct UpdateWriter {
    let sink: ByteSink
    private(set) var position: Int
    private var offsets: [Int: Int] = [:]

    init(sink: ByteSink, length: Int) {
        self.sink = sink
        position = length
    }

    mutating func write(_ text: String) throws {
        try sink.write(text)
        position += text.utf8.count
    }

    /// Object `number` again: its dictionary, and its stream's bytes when it has one.
    mutating func object(_ number: Int, header: String, stream: [UInt8]? = nil) throws {
        offsets[number] = position
        try write("\(number) 0 obj\n\(header)")
        if let stream {
            try sink.write(stream)
            position += stream.count
            try write("\nendstream")
        }
        try write("\nendobj\n")
    }

    /// The xref section, a subsection per run of consecutive numbers, and the trailer whose
    /// /Prev is the file's last xref.
    mutating func finish(trailer: PDFUpdate.Trailer) throws {
        let xrefOffset = position
        try write(Self.xref(offsets) + "trailer\n\(Self.trailerDictionary(trailer))\nstartxref\n\(xrefOffset)\n%%EOF\n")
    }

    static func xref(_ offsets: [Int: Int]) -> String {
        var text = "xref\n"
        let numbers = offsets.keys.sorted()
        var index = 0
        while index < numbers.count {
            var end = index + 1
            while end < numbers.count, numbers[end] == numbers[end - 1] + 1 { end += 1 }
            text += "\(numbers[index]) \(end - index)\n"
            // Each entry is exactly 20 bytes: 10 digits, space, 5 digits, space, "n", CR LF.
            for number in numbers[index..<end] { text += String(format: "%010d 00000 n\r\n", offsets[number]!) }
            index = end
        }
        return text
    }

    static func trailerDictionary(_ trailer: PDFUpdate.Trailer) -> String {
        var dictionary = trailer.dictionary
        if let prev = dictionary.range(of: "/Prev ") {
            // A file already updated once: the new section points at the latest xref.
            let rest = dictionary[prev.upperBound...].drop { $0.isNumber }
            dictionary = String(dictionary[..<prev.lowerBound]) + String(rest)
        }
        return String(dictionary.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines) + " /Prev \(trailer.xrefOffset) >>"
    }
}
