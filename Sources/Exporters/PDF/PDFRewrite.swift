import Core

/// What the pdfs need that cairo 1.16 does not write (docs/outputs.md, "Accessible pdfs"),
/// added as cairo's file is copied from memory (or a scratch file) to the output: each page's content
/// stream with what is drawn outside the structure marked as an artifact (PDFArtifactMarks),
/// and the catalog with the document's language (/Lang, which a screen reader speaks the text
/// in) and /ViewerPreferences with /DisplayDocTitle (a viewer's title bar shows the title
/// rather than the file name), each replacing any the catalog has (PDFRewrite+Catalog.swift).
/// cairo writes its page streams and ToUnicode maps plain (CLibraryEnvironment.plainPDFStreams),
/// and each is deflated here, once (libdeflate, FlateCodec.swift). Every other object is copied byte for
/// byte, in cairo's order, and the xref table is written again for the new offsets. The copy
/// holds one page's stream at a time beside cairo's file. Deterministic: the same file gives
/// the same bytes.
enum PDFRewrite {
    static let language = "en-US"
    static let entries = "/Lang (\(language)) /ViewerPreferences << /DisplayDocTitle true >>"

    /// What was read from the end of cairo's file: the trailer's dictionary and where the xref table starts.
    struct Trailer: Equatable {
        let dictionary: String
        let xrefOffset: Int
        let root: Int
    }

    /// Writes the pdf cairo wrote to `scratch` (`length` bytes) to `sink`; with `marking` off
    /// the page streams are copied as they are (the tests compare the two).
    static func write(from scratch: any PDFBytes, length: Int, to sink: ByteSink, marking: Bool = true) throws {
        let file = try PDFObjectFile(source: scratch, length: length)
        let root = file.trailer.root
        guard
            let catalog = catalogDictionary(
                fromObject: "\(root) 0 obj\n" + (try file.object(root)) + "\nendobj",
                number: root
            ),
            let pages = reference(named: "/Pages", in: catalog)
        else {
            throw PDFObjectFile.malformed("has no catalog with pages")
        }
        guard let newCatalog = updatedCatalog(catalog) else {
            throw PDFObjectFile.malformed("has a catalog whose entries cannot be read")
        }
        var contents = Set<Int>()
        if marking {
            for page in try pageObjects(from: pages, in: file) {
                contents.formUnion(references(after: "/Contents", in: try file.object(page)))
            }
        }
        let offsets = try file.offsets()
        let order = offsets.enumerated().compactMap { number, offset in offset.map { (offset: $0, number: number) } }
            .sorted { $0.offset < $1.offset }
        var writer = CopyWriter(sink: sink)
        try writer.copy(from: file, 0..<(order.first?.offset ?? file.trailer.xrefOffset))
        guard let compressor = FlateCodec.Compressor.forThisThread() else {
            throw ExportError.library(name: "libdeflate", call: "libdeflate_alloc_compressor", message: "out of memory")
        }
        var moved = [Int?](repeating: nil, count: offsets.count)
        for (index, object) in order.enumerated() {
            let end = index + 1 < order.count ? order[index + 1].offset : file.trailer.xrefOffset
            moved[object.number] = writer.position
            if object.number == root {
                try writer.write("\(root) 0 obj\n\(newCatalog)\nendobj\n")
            } else if contents.contains(object.number),
                let content = try markedContent(object.number, in: file, compressor: compressor)
            {
                try writer.writeStream(
                    object.number,
                    dictionary: "<< /Length \(content.count) /Filter /FlateDecode >>",
                    content
                )
            } else {
                try copyDeflatingPlainStream(object.number, object.offset..<end, from: file, to: &writer, compressor)
            }
        }
        let xrefOffset = writer.position
        try writer.write(xref(moved) + "trailer\n\(file.trailer.dictionary)\nstartxref\n\(xrefOffset)\n%%EOF\n")
    }

    /// The xref table for objects at `offsets` (nil: free): one section from 0, each entry
    /// exactly 20 bytes (10 digits, space, 5 digits, space, n or f, CR LF).
    static func xref(_ offsets: [Int?]) -> String {
        var text = "xref\n0 \(offsets.count)\n"
        text.reserveCapacity(text.utf8.count + 20 * offsets.count)
        for offset in offsets {
            guard let offset else {
                text += "0000000000 65535 f\r\n"
                continue
            }
            let digits = String(offset)
            text += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " 00000 n\r\n"
        }
        return text
    }

    /// A content stream with its unmarked runs marked, deflated; nil when it is left as it is
    /// (a filter other than Flate, or a deflated stream PDFArtifactMarks does not mark). cairo
    /// writes page streams plain (CLibraryEnvironment), so that each is deflated once, here.
    private static func markedContent(
        _ number: Int,
        in file: PDFObjectFile,
        compressor: FlateCodec.Compressor
    ) throws
        -> [UInt8]?
    {
        let (dictionary, data) = try file.stream(number)
        let flate = dictionary.contains("/Filter /FlateDecode")
        guard !dictionary.contains("/DecodeParms"), flate || !dictionary.contains("/Filter") else { return nil }
        guard let plain = flate ? FlateCodec.inflate(data) : data else {
            throw PDFObjectFile.malformed("has a page stream \(number) that does not inflate")
        }
        guard let marked = PDFArtifactMarks.marked(plain) ?? (flate ? nil : plain) else { return nil }
        return try deflated(marked, compressor)
    }

    private static func deflated(_ bytes: [UInt8], _ compressor: FlateCodec.Compressor) throws -> [UInt8] {
        guard let packed = FlateCodec.deflate(bytes, with: compressor) else {
            throw ExportError.library(name: "libdeflate", call: "libdeflate_zlib_compress", message: "out of memory")
        }
        return packed
    }

    /// Copies object `number` (`range` of cairo's file); a stream cairo wrote without a filter
    /// (its ToUnicode maps) is deflated on the way, with its length written in its dictionary.
    /// An object this cannot read as such a stream is copied as it is.
    private static func copyDeflatingPlainStream(
        _ number: Int,
        _ range: Range<Int>,
        from file: PDFObjectFile,
        to writer: inout CopyWriter,
        _ compressor: FlateCodec.Compressor
    ) throws {
        guard range.count <= PDFObjectFile.largestObject else { return try writer.copy(from: file, range) }
        let bytes = try file.read(at: range.lowerBound, count: range.count)
        guard bytes.count == range.count else { throw PDFObjectFile.malformed("ends inside object \(number)") }
        guard let plain = plainStream(bytes, number: number, in: file),
            let packed = FlateCodec.deflate(plain.data, with: compressor),
            let flated = flateDictionary(plain.dictionary, length: packed.count)
        else { return try writer.write(bytes) }
        try writer.writeStream(number, dictionary: flated, packed)
    }

    /// The dictionary and data of object `number`, read from its `bytes`, when it is a stream
    /// without a filter (and not XMP metadata, which stays readable); nil for any other object.
    static func plainStream(
        _ bytes: [UInt8],
        number: Int,
        in file: PDFObjectFile
    )
        -> (dictionary: String, data: ArraySlice<UInt8>)?
    {
        guard bytes.starts(with: Array("\(number) 0 obj".utf8)),
            let keyword = PDFObjectFile.firstIndex(of: streamKeyword, in: bytes),
            let open = PDFObjectFile.firstIndex(of: Array("<<".utf8), in: bytes), open < keyword
        else { return nil }
        let dictionary = String(decoding: bytes[open..<keyword], as: UTF8.self) + ">>"
        guard !dictionary.contains("/Filter"), !dictionary.contains("/DecodeParms"),
            !dictionary.contains("/Type /Metadata")
        else { return nil }
        // "stream" ends its line with LF or CR LF.
        var start = keyword + streamKeyword.count
        if start < bytes.count, bytes[start] == UInt8(ascii: "\r") { start += 1 }
        guard start < bytes.count, bytes[start] == UInt8(ascii: "\n") else { return nil }
        start += 1
        let length: Int?
        if let reference = reference(named: "/Length", in: dictionary) {
            length = (try? file.object(reference)).flatMap { Int($0) }
        } else {
            length = integer(named: "/Length", in: dictionary)
        }
        guard let length, length >= 0, start + length <= bytes.count else { return nil }
        return (dictionary, bytes[start..<(start + length)])
    }

    private static let streamKeyword = Array(">>\nstream".utf8)

    /// `dictionary` with its /Length (direct or a reference) set to `length` and /Filter
    /// /FlateDecode added; nil when it has no /Length to replace.
    static func flateDictionary(_ dictionary: String, length: Int) -> String? {
        guard dictionary.hasPrefix("<<"), let key = dictionary.range(of: "/Length ") else { return nil }
        let value = dictionary[key.upperBound...].drop { $0 == " " }
        let number = value.prefix { $0.isASCII && $0.isNumber }
        guard !number.isEmpty else { return nil }
        // A reference ("12 0 R") ends after its R; a direct value after its digits.
        let reference = value[number.endIndex...].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        var end = number.endIndex
        if reference.count >= 3, reference[0].isEmpty, reference[1] == "0", reference[2].hasPrefix("R") {
            end = reference[2].index(after: reference[2].startIndex)
        }
        return String(dictionary[..<key.lowerBound]) + "/Length \(length) /Filter /FlateDecode"
            + String(dictionary[end...])
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
            trailerRange.upperBound <= startRange.lowerBound
        else { return nil }
        let dictionary = tail[trailerRange.upperBound..<startRange.lowerBound].trimmingCharacters(
            in: .whitespacesAndNewlines
        )
        let offsetText =
            tail[startRange.upperBound...].split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        guard dictionary.hasPrefix("<<"), dictionary.hasSuffix(">>"), let offset = Int(offsetText),
            let root = reference(named: "/Root", in: dictionary)
        else { return nil }
        return Trailer(dictionary: dictionary, xrefOffset: offset, root: root)
    }

    /// The object number of an indirect reference such as "/Root 12 0 R".
    static func reference(named key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key + " ") else { return nil }
        let words = dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).prefix(3)
        guard words.count == 3, words[words.startIndex + 1] == "0", words[words.startIndex + 2].hasPrefix("R"),
            let number = Int(words[words.startIndex])
        else { return nil }
        return number
    }

    /// A direct integer value such as "/Length 1234".
    static func integer(named key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key + " ") else { return nil }
        return dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).first.flatMap {
            Int($0.prefix { $0.isNumber })
        }
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

/// Writes the output, counting where each byte goes.
struct CopyWriter {
    let sink: ByteSink
    private(set) var position = 0

    mutating func write(_ text: String) throws {
        try sink.write(text)
        position += text.utf8.count
    }

    mutating func write(_ bytes: [UInt8]) throws {
        try sink.write(bytes)
        position += bytes.count
    }

    /// A stream object with `dictionary` and `data`.
    mutating func writeStream(_ number: Int, dictionary: String, _ data: [UInt8]) throws {
        try write("\(number) 0 obj\n\(dictionary)\nstream\n")
        try write(data)
        try write("\nendstream\nendobj\n")
    }

    static let chunk = 1 << 20

    /// Copies `range` of cairo's file as it is, a megabyte at a time.
    mutating func copy(from file: PDFObjectFile, _ range: Range<Int>) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let bytes = try file.read(at: offset, count: min(Self.chunk, range.upperBound - offset))
            guard !bytes.isEmpty else { throw PDFObjectFile.malformed("ends at \(offset), before \(range.upperBound)") }
            try write(bytes)
            offset += bytes.count
        }
    }
}
