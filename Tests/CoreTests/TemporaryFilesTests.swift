import Foundation
import TestSupport
import Testing

@testable import Core

/// The tool's temporary names, and the sweep that removes what a killed run left: only names
/// in the tool's own pattern, only regular files and its scratch folders, never through a link.
struct TemporaryFilesTests {
    @Test func aTemporaryPathLiesBesideItsFileInTheToolsOwnPattern() {
        let path = TemporaryFiles.temporaryPath(for: "/out/family/report.csv")
        let name = (path as NSString).lastPathComponent
        #expect((path as NSString).deletingLastPathComponent == "/out/family")
        #expect(name.hasPrefix(".report.csv.report-batch-tmp-\(getpid())-"))
        #expect(TemporaryFiles.isOwn(name))
        #expect(TemporaryFiles.isOwn(name + ".d"))
        // A bare name stays in the current folder.
        #expect(TemporaryFiles.temporaryPath(for: "report.csv").hasPrefix("./.report.csv.report-batch-tmp-"))
        // Two paths for one file differ.
        #expect(TemporaryFiles.temporaryPath(for: "out.db") != TemporaryFiles.temporaryPath(for: "out.db"))
    }

    @Test(arguments: [
        (".report.csv.report-batch-tmp-123-456", true),
        (".report.csv.report-batch-tmp-123-456.d", true),
        (".out.db.report-batch-tmp-1-2-journal", true),
        (".out.db.report-batch-tmp-1-2-wal", true),
        (".out.db.report-batch-tmp-1-2-shm", true),
        (".report-batch-rows-Ab12Cd", true),
        ("report.csv", false),
        ("report.csv.report-batch-tmp-123-456", false),
        (".report.csv.report-batch-tmp-123", false),
        (".report.csv.report-batch-tmp-123-", false),
        (".report.csv.report-batch-tmp-12a-456", false),
        (".report.csv.report-batch-tmp-123-456-789", false),
        (".report.csv.report-batch-tmp-123-456.d.d", false),
        (".report.csv.report-batch-tmp-١٢-٣", false),
        (".report.csv.other-tmp-123-456", false),
    ])
    func onlyTheToolsOwnNamesAreOwn(name: String, own: Bool) {
        #expect(TemporaryFiles.isOwn(name) == own)
    }

    /// What a killed run left goes, anywhere under the root; the user's files, a link in the
    /// tool's pattern and whatever lies behind a link stay.
    @Test func aSweepRemovesOnlyTheToolsLeftovers() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manager = FileManager.default
        let root = folder.file("root")
        let outside = folder.file("outside")
        for path in [root + "/family-1/.report.pdf.report-batch-tmp-9-1.d", outside] {
            try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let leftovers = [
            "/.summary.txt.report-batch-tmp-9-1", "/family-1/.report.csv.report-batch-tmp-9-2",
            "/family-1/.report.pdf.report-batch-tmp-9-1.d/workbook.xml", "/family-1/.report-batch-rows-XyZ123",
        ]
        let kept = ["/family-1/report.csv", "/family-1/report.csv.report-batch-tmp-9-2", "/notes.txt"]
        for name in leftovers + kept { try "x".write(toFile: root + name, atomically: false, encoding: .utf8) }
        let behindLink = outside + "/.report.csv.report-batch-tmp-9-3"
        try "x".write(toFile: behindLink, atomically: false, encoding: .utf8)
        try manager.createSymbolicLink(atPath: root + "/linked", withDestinationPath: outside)
        try manager.createSymbolicLink(atPath: root + "/.a.report-batch-tmp-9-4", withDestinationPath: behindLink)

        // Three files and one scratch folder (with the file in it).
        #expect(TemporaryFiles.sweep(root) == 4)
        #expect(folder.contents(of: root) == [".a.report-batch-tmp-9-4", "family-1", "linked", "notes.txt"])
        #expect(folder.contents(of: root + "/family-1") == ["report.csv", "report.csv.report-batch-tmp-9-2"])
        #expect(manager.fileExists(atPath: behindLink))
        #expect(TemporaryFiles.sweep(root) == 0)
    }

    @Test func removingATemporaryFileRemovesItsJournalsAndScratchFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file(".out.db.report-batch-tmp-1-2")
        try FileManager.default.createDirectory(atPath: path + ".d", withIntermediateDirectories: true)
        for name in [path, path + "-journal", path + "-wal", path + "-shm", path + ".d/scratch", folder.file("out.db")]
        {
            try "x".write(toFile: name, atomically: false, encoding: .utf8)
        }
        TemporaryFiles.remove(path)
        #expect(folder.contents() == ["out.db"])
    }

    /// A scratch folder's files go with it, but a link in it is removed without following it,
    /// so the folder and what the link points to stay.
    @Test func aScratchFolderIsRemovedWithoutFollowingALink() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scratch = folder.file(".x.report-batch-tmp-1-2.d")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try "x".write(toFile: scratch + "/part", atomically: false, encoding: .utf8)
        TemporaryFiles.removeScratchFolder(scratch)
        #expect(folder.contents() == [])

        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try "mine".write(toFile: folder.file("kept"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: scratch + "/link", withDestinationPath: folder.file("kept"))
        TemporaryFiles.removeScratchFolder(scratch)
        #expect(folder.contents() == [".x.report-batch-tmp-1-2.d", "kept"])
        #expect(folder.text("kept") == "mine")
    }
}
