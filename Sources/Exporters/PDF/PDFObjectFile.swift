import Core
import Foundation

/// Reads the objects of a pdf cairo has just finished, by number, through its classic xref
/// table (cairo 1.16 writes one table and no object streams). Each read goes to the object:
/// nothing is held but the object being read beyond what `PDFBytes` holds (cairo's output in
/// memory up to PDFRenderer's limit, a scratch file past it).
struct PDFObjectFile {
    let trailer: PDFRewrite.Trailer
    let length: Int
    private let source: any PDFBytes
    /// Where object 0's 20-byte entry starts, and how many entries the table has.
    let entries: (start: Int, count: Int)
    /// The largest object the reader reads whole: a page tree of 100,000 pages is about 1 MB.
    static let largestObject = 16 << 20

    /// The file cairo wrote to `source`, `length` bytes.
    init(source: any PDFBytes, length: Int) throws {
        self.source = source
        self.length = length
        let tail = String(
            decoding: try source.read(at: max(0, length - 1_024), count: min(length, 1_024)),
            as: UTF8.self
        )
        guard let trailer = PDFRewrite.trailer(fromTail: tail) else { throw Self.malformed("has no trailer") }
        self.trailer = trailer
        // The table: "xref\n0 N\n", then 20 bytes an object.
        let head = String(decoding: try source.read(at: trailer.xrefOffset, count: 64), as: UTF8.self)
        let lines = head.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        let section = lines.count == 3 ? lines[1].split(separator: " ") : []
        guard lines.count == 3, lines[0] == "xref", section.count == 2, section[0] == "0", let count = Int(section[1])
        else {
            throw Self.malformed("has no xref table at \(trailer.xrefOffset)")
        }
        entries = (trailer.xrefOffset + lines[0].utf8.count + lines[1].utf8.count + 2, count)
    }

    static func malformed(_ what: String) -> ExportError {
        ExportError.library(name: "cairo", call: "cairo_surface_finish", message: "the pdf cairo wrote \(what)")
    }

    func read(at offset: Int, count: Int) throws -> [UInt8] {
        try source.read(at: offset, count: count)
    }

    /// Every object's offset by number; nil for a free entry.
    func offsets() throws -> [Int?] {
        var offsets: [Int?] = []
        offsets.reserveCapacity(entries.count)
        let chunk = 4_096
        var number = 0
        while number < entries.count {
            let count = min(chunk, entries.count - number)
            let bytes = try read(at: entries.start + 20 * number, count: 20 * count)
            guard bytes.count == 20 * count else { throw Self.malformed("has a short xref table") }
            for index in 0..<count {
                let entry = bytes[(20 * index)..<(20 * index + 20)]
                let inUse = entry[entry.startIndex + 17] == UInt8(ascii: "n")
                guard let offset = Int(String(decoding: entry.prefix(10), as: UTF8.self)) else {
                    throw Self.malformed("has a bad xref entry")
                }
                offsets.append(inUse ? offset : nil)
            }
            number += count
        }
        return offsets
    }

    /// Where object `number` starts, from its xref entry ("0000012345 00000 n\r\n").
    func offset(of number: Int) throws -> Int {
        guard number > 0, number < entries.count else { throw Self.malformed("has no object \(number)") }
        let entry = try read(at: entries.start + 20 * number, count: 20)
        guard entry.count == 20, entry[17] == UInt8(ascii: "n"),
            let offset = Int(String(decoding: entry[0..<10], as: UTF8.self))
        else {
            throw Self.malformed("has no entry for object \(number)")
        }
        return offset
    }

    /// The text of object `number` between "N 0 obj" and "endobj" (an object without a stream).
    func object(_ number: Int) throws -> String {
        let start = try offset(of: number)
        let header = Array("\(number) 0 obj".utf8)
        var chunk = 1_024
        while chunk <= Self.largestObject {
            let bytes = try read(at: start, count: chunk)
            guard bytes.starts(with: header) else {
                throw Self.malformed("has no object \(number) where its xref says")
            }
            if let end = Self.firstIndex(of: Self.endobj, in: bytes) {
                return String(decoding: bytes[header.count..<end], as: UTF8.self).trimmingCharacters(
                    in: .whitespacesAndNewlines
                )
            }
            guard bytes.count == chunk else { break }
            chunk *= 4
        }
        throw Self.malformed("has an object \(number) that does not end")
    }

    private static let endobj = Array("endobj".utf8)

    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Stream object `number`: its dictionary and its bytes as stored (still filtered).
    func stream(_ number: Int) throws -> (dictionary: String, data: [UInt8]) {
        let start = try offset(of: number)
        let head = String(decoding: try read(at: start, count: 1_024), as: UTF8.self)
        guard head.hasPrefix("\(number) 0 obj"), let keyword = head.range(of: ">>\nstream"),
            let open = head.range(of: "<<")
        else {
            throw Self.malformed("has no stream \(number) where its xref says")
        }
        let dictionary = String(head[open.lowerBound..<keyword.lowerBound]) + ">>"
        var dataStart = head.utf8.distance(from: head.startIndex, to: keyword.upperBound) + 1
        if head[keyword.upperBound...].hasPrefix("\r\n") { dataStart += 1 }
        let length: Int
        if let reference = PDFRewrite.reference(named: "/Length", in: dictionary) {
            guard let value = Int(try object(reference)) else {
                throw Self.malformed("has a stream length that is not a number")
            }
            length = value
        } else {
            guard let value = PDFRewrite.integer(named: "/Length", in: dictionary) else {
                throw Self.malformed("has a stream without a length")
            }
            length = value
        }
        guard length >= 0, length <= Self.largestObject * 16 else {
            throw Self.malformed("has a stream of \(length) bytes")
        }
        let data = try read(at: start + dataStart, count: length)
        guard data.count == length else { throw Self.malformed("ends inside stream \(number)") }
        return (dictionary, data)
    }
}
