import Core
import Foundation
import ReportGen
import TestSupport
import Testing

struct OutputTemplatesTests {
    static var folder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Templates").path
    }

    @Test func theShippedTemplatesHoldTheBuiltInValues() throws {
        let shipped = try OutputTemplates.load(from: Self.folder)
        let builtIn = try OutputTemplates.builtIn()
        #expect(shipped.reportTitle == builtIn.reportTitle)
        #expect(
            shipped.reportSections.map { "\($0.section.rawValue)=\($0.title)" }
                == builtIn.reportSections.map { "\($0.section.rawValue)=\($0.title)" }
        )
        for kind in ListKind.allCases {
            #expect(
                shipped.listColumns[kind]?.map { "\($0.key)=\($0.label)" }
                    == builtIn.listColumns[kind]?.map { "\($0.key)=\($0.label)" },
                "\(kind)"
            )
        }
        // Every colour is written out in palette.yaml, and equal to the built-in one.
        let text = try String(contentsOfFile: Self.folder + "/palette.yaml", encoding: .utf8)
        let written: Int = shipped.palette.groups.values.map { $0.count }.reduce(0, +)
        let known: Int = OutputPalette.builtIn.map { $0.colors.count }.reduce(0, +)
        #expect(written == known)
        #expect(shipped.palette.resolved == builtIn.palette.resolved)
        #expect(text.contains("schools: \"#0066FF\""))
    }

    /// A palette copied from an earlier Templates/ still names the statuses the app left
    /// (interested, camp_invite, …): it loads, their colours are not used, and a name that was
    /// never a status is still refused.
    @Test func aPaletteWithTheFormerStatusesStillLoads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let palette = "status:\n  contacted: \"#123456\"\n  interested: \"#8B5CF6\"\n  declined: \"#EF4444\"\n"
        try palette.write(toFile: folder.file("palette.yaml"), atomically: true, encoding: .utf8)
        let loaded = try OutputTemplates.load(from: folder.path)
        #expect(loaded.palette.groups["status"]?.keys.sorted() == ["contacted"])
        try "status:\n  maybe: \"#123456\"\n".write(
            toFile: folder.file("palette.yaml"),
            atomically: true,
            encoding: .utf8
        )
        #expect(throws: UsageError.self) { try OutputTemplates.load(from: folder.path) }
    }
}
