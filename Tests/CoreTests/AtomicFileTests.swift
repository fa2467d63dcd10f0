import Foundation
import TestSupport
import Testing

@testable import Core

/// A file appears under its final name only when whole (docs/internals.md: every file is
/// flushed to disk before it is renamed into place); a failure leaves no file and no temporary one.
struct AtomicFileTests {
    struct Failure: Error {}

    @Test func aWrittenFileIsRenamedIntoPlaceAndNoTemporaryFileRemains() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let written = try AtomicFile.write(to: folder.file("report.csv")) { temporary -> String in
            // The body writes beside the final name, under a hidden name of the tool's own.
            #expect((temporary as NSString).deletingLastPathComponent == folder.path)
            #expect((temporary as NSString).lastPathComponent.hasPrefix(".report.csv.report-batch-tmp-\(getpid())-"))
            #expect(folder.contents() == [(temporary as NSString).lastPathComponent])
            try "a,b\n1,2\n".write(toFile: temporary, atomically: false, encoding: .utf8)
            return temporary
        }
        #expect(folder.contents() == ["report.csv"])
        #expect(folder.text("report.csv") == "a,b\n1,2\n")
        #expect(!FileManager.default.fileExists(atPath: written))
    }

    @Test func aTextReplacesTheFileBeforeIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write("old", to: folder.file("summary.txt"))
        try AtomicFile.write("Zoë 田中 🏈\n", to: folder.file("summary.txt"))
        #expect(folder.contents() == ["summary.txt"])
        #expect(folder.text("summary.txt") == "Zoë 田中 🏈\n")
    }

    @Test func aFailureHalfWayLeavesNothingUnderTheFinalNameAndNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(throws: Failure.self) {
            try AtomicFile.write(to: folder.file("report.pdf")) { temporary in
                try String(repeating: "half a page ", count: 1000).write(
                    toFile: temporary,
                    atomically: false,
                    encoding: .utf8
                )
                throw Failure()
            }
        }
        #expect(folder.contents() == [])
    }

    @Test func aFailureHalfWayLeavesTheFileBeforeItAsItWas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write("last week's report", to: folder.file("report.csv"))
        #expect(throws: Failure.self) {
            try AtomicFile.write(to: folder.file("report.csv")) { temporary in
                try "this week's, half".write(toFile: temporary, atomically: false, encoding: .utf8)
                throw Failure()
            }
        }
        #expect(folder.contents() == ["report.csv"])
        #expect(folder.text("report.csv") == "last week's report")
    }

    /// A writer's error about the temporary file is told about the file the user asked for.
    @Test func aWriteErrorNamesTheFinalFileNotTheTemporaryOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("list.xlsx")
        let error = #expect(throws: OutputError.self) {
            try AtomicFile.write(to: path) { temporary in
                throw ExportError.write(path: temporary, reason: "No space left on device")
            }
        }
        #expect(error?.description == "cannot write \(Quote.path(path)): No space left on device")
        #expect(folder.contents() == [])
    }

    /// The flush comes before the rename: with the temporary file gone, the failure is the
    /// flush's (naming the temporary file), and nothing appears under the final name.
    @Test func aCommitFlushesTheTemporaryFileBeforeRenamingIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pending = try AtomicFile.Pending(path: folder.file("report.json"))
        #expect(unlink(pending.temporaryPath) == 0)
        let error = #expect(throws: OutputError.self) { try pending.commit() }
        #expect(error?.path == pending.temporaryPath)
        #expect(error?.reason == "No such file or directory")
        #expect(folder.contents() == [])
    }

    @Test func syncingAFileFlushesItOrNamesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try "bytes".write(toFile: folder.file("a"), atomically: false, encoding: .utf8)
        try AtomicFile.syncFile(folder.file("a"))
        let error = #expect(throws: OutputError.self) { try AtomicFile.syncFile(folder.file("b")) }
        #expect(error?.path == folder.file("b"))
        #expect(error?.reason == "No such file or directory")
    }

    @Test func aPendingFileIsEmptyUntilWrittenAndDiscardingItLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write("kept", to: folder.file("report.csv"))
        let pending = try AtomicFile.Pending(path: folder.file("report.csv"))
        let scratch = try pending.makeScratchFolder()
        try "libxlsxwriter's".write(toFile: scratch + "/part", atomically: false, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: pending.temporaryPath)[.size] as? Int == 0)
        #expect(folder.contents().count == 3)
        pending.discard()
        #expect(folder.contents() == ["report.csv"])
        #expect(folder.text("report.csv") == "kept")
        // A second discard, and a commit after it, change nothing.
        pending.discard()
        try pending.commit()
        #expect(folder.contents() == ["report.csv"])
    }

    /// The files of one report appear together or not at all: a commit that fails removes
    /// the files already renamed into place.
    @Test func filesCommittedTogetherAllAppearOrNoneDoes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The last file's final name is a folder with a file in it: its rename fails.
        try FileManager.default.createDirectory(
            atPath: folder.file("report.pdf/inside"),
            withIntermediateDirectories: true
        )
        let files = try ["report.csv", "report.xlsx", "report.pdf"].map {
            try AtomicFile.Pending(path: folder.file($0))
        }
        for file in files { try "bytes".write(toFile: file.temporaryPath, atomically: false, encoding: .utf8) }
        #expect(throws: OutputError.self) { try AtomicFile.commitAll(files) }
        #expect(folder.contents() == ["report.pdf"])
        #expect(folder.contents(of: folder.file("report.pdf")) == ["inside"])

        let together = try ["a.csv", "a.xlsx"].map { try AtomicFile.Pending(path: folder.file($0)) }
        try AtomicFile.commitAll(together)
        #expect(folder.contents() == ["a.csv", "a.xlsx", "report.pdf"])
    }

    @Test func aFolderIsMadeWithItsParentsAndAFileInItsPlaceIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write("x", to: folder.file("one/two/three.txt"))
        #expect(folder.text("one/two/three.txt") == "x")
        try "a file".write(toFile: folder.file("plain"), atomically: false, encoding: .utf8)
        let error = #expect(throws: OutputError.self) {
            try AtomicFile.write("x", to: folder.file("plain/report.csv"))
        }
        #expect(error?.path == folder.file("plain"))
        #expect(error?.reason == "it is a file, not a folder")
    }

    /// A symbolic link under the output root is refused, never written through.
    @Test func aFolderInsideTheRootIsNeverMadeThroughALink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let root = folder.file("root")
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root + "/link",
            withDestinationPath: folder.file("elsewhere")
        )

        try AtomicFile.ensureFolder(root + "/family/2026", inside: root)
        #expect(AtomicFile.isFolder(root + "/family/2026", inside: root))
        let error = #expect(throws: OutputError.self) {
            try AtomicFile.ensureFolder(root + "/link/family", inside: root)
        }
        #expect(error?.path == root + "/link")
        #expect(
            error?.reason
                == "it is a symbolic link or not a folder; report-batch does not write through links under the output root"
        )
        #expect(folder.contents(of: folder.file("elsewhere")) == [])
        #expect(!AtomicFile.isFolder(root + "/link", inside: root))
        #expect(!AtomicFile.isFolder(root + "/missing", inside: root))
        #expect(!AtomicFile.isFolder(root + "/family/..", inside: root))
        let leaving = #expect(throws: OutputError.self) { try AtomicFile.ensureFolder(root + "/../out", inside: root) }
        #expect(leaving?.path == root + "/../out")
        #expect(leaving?.reason == "the folder would leave the output root")
        #expect(folder.contents() == ["elsewhere", "root"])
    }
}
