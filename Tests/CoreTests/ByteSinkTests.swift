import Foundation
import TestSupport
import Testing

@testable import Core

/// The buffered stream every writer writes through: the bytes arrive in order, whatever the
/// buffer's size, and every failure is thrown naming the file.
struct ByteSinkTests {
    @Test(arguments: [1, 3, 8, 1 << 16])
    func everyWayOfWritingArrivesInOrder(capacity: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sink = try ByteSink(path: folder.file("out.csv"), capacity: capacity)
        try sink.write("Zoë,")
        try sink.write(byte: UInt8(ascii: "4"))
        try sink.write([0x2C, 0x0A])
        let long = String(repeating: "田中,", count: 10)
        try sink.write(long)
        try [UInt8]("end\n".utf8).withUnsafeBufferPointer { try sink.write(bytes: $0) }
        try sink.close()
        let expected = "Zoë,4,\n" + long + "end\n"
        #expect(folder.text("out.csv") == expected)
        #expect(sink.bytesWritten == expected.utf8.count)
        // A second close changes nothing.
        try sink.close()
        #expect(folder.text("out.csv") == expected)
    }

    /// Bytes stay in the buffer until it fills or is flushed; a write as large as the buffer
    /// goes straight to the file.
    @Test func bytesAreCountedWhenTheyReachTheFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sink = try ByteSink(path: folder.file("out"), capacity: 4)
        try sink.write("abc")
        #expect(sink.bytesWritten == 0)
        #expect(folder.text("out") == "")
        try sink.write("de")
        #expect(sink.bytesWritten == 3)
        #expect(folder.text("out") == "abc")
        try sink.write("fghij")
        #expect(sink.bytesWritten == 10)
        #expect(folder.text("out") == "abcdefghij")
        try sink.flush()
        try sink.close()
        #expect(sink.bytesWritten == 10)
    }

    @Test func anExistingFileIsTruncated() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try "a longer text than the next".write(toFile: folder.file("out"), atomically: false, encoding: .utf8)
        let sink = try ByteSink(path: folder.file("out"))
        try sink.write("short")
        try sink.close()
        #expect(folder.text("out") == "short")
    }

    @Test func aFileThatCannotBeMadeIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("missing/out.csv")
        let error = #expect(throws: ExportError.self) { try ByteSink(path: path) }
        #expect(error?.description == "cannot write \(MessageText.quoted(path)): No such file or directory")
    }

    /// A full disk is thrown when the bytes reach it, naming the file.
    @Test func aFullDiskIsThrown() throws {
        let sink = try ByteSink(path: "/dev/full", capacity: 8)
        try sink.write("1234567")
        let error = #expect(throws: ExportError.self) { try sink.write("89") }
        #expect(error?.description == "cannot write '/dev/full': No space left on device")
        let atClose = #expect(throws: ExportError.self) {
            let sink = try ByteSink(path: "/dev/full")
            try sink.write("x")
            try sink.close()
        }
        #expect(atClose?.description == "cannot write '/dev/full': No space left on device")
    }

    /// A scratch file has no name in its folder from the start, and reads back what was
    /// written, buffered bytes included.
    @Test func aScratchFileLeavesNothingAndReadsBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sink = try ByteSink.scratch(in: folder.path, for: folder.file("list.pdf"), capacity: 16)
        #expect(folder.contents() == [])
        let text = String(repeating: "0123456789", count: 5)
        try sink.write(text)
        #expect(try sink.read(at: 0, count: 50) == Array(text.utf8))
        #expect(try sink.read(at: 45, count: 10) == Array("56789".utf8))
        #expect(try sink.read(at: 50, count: 10) == [])
        #expect(try sink.read(at: 3, count: 0) == [])
        try sink.write("!")
        #expect(try sink.read(at: 48, count: 3) == Array("89!".utf8))
        #expect(sink.bytesWritten == 51)
        try sink.close()
        #expect(folder.contents() == [])
    }

    /// A scratch file that cannot be made is the output's failure, as a direct write's would be.
    @Test func aScratchFileThatCannotBeMadeNamesTheOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let error = #expect(throws: ExportError.self) {
            try ByteSink.scratch(in: folder.file("missing"), for: "/out/list.pdf")
        }
        #expect(error?.description == "cannot write '/out/list.pdf': No such file or directory")
    }
}
