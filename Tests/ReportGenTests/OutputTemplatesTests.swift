import Aggregation
import Core
import Foundation
import ReportGen
import TestSupport
import Testing

struct OutputTemplatesTests {
    /// The built-in templates are Templates/'s files as embedded, read by the reader of a user's
    /// copy: each sets every list, every column a list has, the title, every section and every
    /// colour (a column or colour missing from them would be shown nowhere or in grey).
    @Test func theBuiltInValuesSetEverything() throws {
        let builtIn = OutputTemplates.builtIn
        // In any order (the files' comments invite moving a line), each once.
        for kind in ListKind.allCases {
            let keys = builtIn.listColumns[kind]?.map(\.key) ?? []
            #expect(keys.count == ListColumns.keys(kind).count && Set(keys) == Set(ListColumns.keys(kind)), "\(kind)")
            #expect(builtIn.listColumns[kind]?.allSatisfy { !$0.label.isEmpty } == true, "\(kind)")
        }
        #expect(builtIn.listColumns[.schools]?.first { $0.key == "distance" }?.label == "Distance (mi)")
        #expect(builtIn.reportTitle == "Recruiting Report")
        let sections = builtIn.reportSections.map(\.section)
        #expect(sections.count == ReportSection.allCases.count && Set(sections) == Set(ReportSection.allCases))
        #expect(builtIn.reportSections.allSatisfy { !$0.title.isEmpty })
        #expect(builtIn.reportSections.first { $0.section == .followUps }?.title == "Follow-ups")
        for (group, names) in OutputPalette.names {
            #expect(builtIn.palette.groups[group].map { Set($0.keys) } == Set(names), "\(group)")
        }
    }

    /// A user's copy replaces what each of its files sets: a list it names, the title, the
    /// colours it names; the rest keeps the built-in value.
    @Test func aFolderReplacesOnlyWhatItSets() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try "schools:\n  - state: ST\n  - school: Name\n".write(
            toFile: folder.file("lists.yaml"),
            atomically: true,
            encoding: .utf8
        )
        try "title: Weekly Report\n".write(toFile: folder.file("report.yaml"), atomically: true, encoding: .utf8)
        try "cards:\n  schools: \"#123456\"\n".write(
            toFile: folder.file("palette.yaml"),
            atomically: true,
            encoding: .utf8
        )
        let loaded = try OutputTemplates.load(from: folder.path, html: false)
        let builtIn = OutputTemplates.builtIn
        #expect(loaded.listColumns[.schools]?.map { "\($0.key)=\($0.label)" } == ["state=ST", "school=Name"])
        #expect(loaded.listColumns[.coaches]?.map(\.label) == builtIn.listColumns[.coaches]?.map(\.label))
        #expect(loaded.reportTitle == "Weekly Report")
        #expect(loaded.reportSections.map(\.title) == builtIn.reportSections.map(\.title))
        #expect(loaded.palette.card("schools") == RGBColor(0x123456))
        #expect(loaded.palette.card("coaches") == builtIn.palette.card("coaches"))
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
        #expect(loaded.palette.status(.contacted) == RGBColor(0x123456))
        #expect(loaded.palette.groups["status"].map { Set($0.keys) } == Set(SchoolStatus.allCases.map(\.rawValue)))
        try "status:\n  maybe: \"#123456\"\n".write(
            toFile: folder.file("palette.yaml"),
            atomically: true,
            encoding: .utf8
        )
        #expect(throws: UsageError.self) { try OutputTemplates.load(from: folder.path) }
    }
}
