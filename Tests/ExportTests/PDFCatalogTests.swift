import Core
import Foundation
import TestSupport
import Testing

@testable import Exporters

/// The catalog update of PDFRewrite when cairo's catalog already has /Lang or
/// /ViewerPreferences: they are replaced, never written a second time.
struct PDFCatalogTests {
    /// Catalog entries a cairo could write, each in another form of pdf syntax.
    static let catalogs = [
        "/Lang (fr-FR) /ViewerPreferences << /DisplayDocTitle false >>",
        "/ViewerPreferences << /HideToolbar true /Direction /L2R >>\n/Lang (de\\)\\(DE (x))",
        "/Lang <656E2D4742> /ViewerPreferences 5 0 R",
        "/ViewerPreferences<</DisplayDocTitle false/NonFullScreenPageMode/UseNone>>/Lang(en-GB)",
    ]

    @Test(arguments: catalogs)
    func theCatalogsOwnLanguageAndPreferencesAreReplaced(entries: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("out.pdf")
        let scratch = try ByteSink.scratch(in: folder.path, for: path)
        defer { try? scratch.close() }
        let source = Self.pdf(catalogEntries: entries)
        try scratch.write(source)
        let output = try ByteSink(path: path)
        try PDFRewrite.write(from: scratch, length: source.utf8.count, to: output)
        try output.close()

        let text = String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let catalog = try #require(text.firstMatch(of: /\n2 0 obj\n(.*?)\nendobj/.dotMatchesNewlines())?.output.1)
        #expect(catalog.components(separatedBy: "/Lang").count == 2, "one /Lang: \(catalog)")
        #expect(catalog.components(separatedBy: "/ViewerPreferences").count == 2, "one /ViewerPreferences: \(catalog)")
        #expect(catalog.contains(PDFRewrite.entries), "\(catalog)")
        #expect(
            catalog.contains("/Pages 1 0 R") && catalog.contains("/MarkInfo << /Marked true >>"),
            "cairo's other entries are kept: \(catalog)"
        )
        let check = try ReportBatchProcess.tool("qpdf", ["--check", path])
        #expect(check.status == 0 && !check.stdout.contains("WARNING"), "\(check.stdout)\(check.stderr)")
        let shown = try ReportBatchProcess.tool("qpdf", ["--show-object=2", path]).stdout
        #expect(shown.contains("/Lang (en-US)") && shown.contains("/DisplayDocTitle true"), "\(shown)")
    }

    /// A catalog PDFRewrite's update cannot read entry by entry is an error, never a guess.
    @Test func aCatalogThatDoesNotEndIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("out.pdf")
        let scratch = try ByteSink.scratch(in: folder.path, for: path)
        defer { try? scratch.close() }
        let source = Self.pdf(catalogEntries: "/Lang (unclosed >>")
        try scratch.write(source)
        let output = try ByteSink(path: path)
        defer { try? output.close() }
        let error = #expect(throws: ExportError.self) {
            try PDFRewrite.write(from: scratch, length: source.utf8.count, to: output)
        }
        #expect(
            "\(error.map { "\($0)" } ?? "")".contains("has a catalog whose entries cannot be read"),
            "\(String(describing: error))"
        )
    }

    /// A dictionary is read to its `>>` and no further: text after it is not a catalog this
    /// reader rewrites (the update would keep it past the new `>>`).
    @Test(
        arguments: [
            ("<< /Type /Catalog /Lang (en) >>", "<< /Type /Catalog >>"),
            ("<< /Type /Catalog /Lang (en) >>\n", "<< /Type /Catalog >>"),
            ("<< /Type /Catalog >> x >>", nil),
            ("<< /Type /Catalog /Pages 2 0 R >> >>", nil),
        ] as [(String, String?)]
    )
    func aDictionaryEndsAtItsClosingBrackets(dictionary: String, kept: String?) {
        #expect(PDFDictionaryText.removing(["/Lang"], from: dictionary) == kept)
    }

    /// A one-page pdf laid out as cairo 1.16 lays one out (a classic xref table), whose catalog
    /// (object 2) holds `catalogEntries` between cairo's own.
    static func pdf(catalogEntries: String) -> String {
        let content = "0 0 m 100 100 l S"
        let objects = [
            "<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
            "<< /Type /Catalog /Pages 1 0 R \(catalogEntries) /MarkInfo << /Marked true >> >>",
            "<< /Type /Page /Parent 1 0 R /MediaBox [ 0 0 612 792 ] /Contents 4 0 R /Resources << >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /HideToolbar true >>",
        ]
        var text = "%PDF-1.7\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xrefOffset = text.utf8.count
        text += PDFRewrite.xref([nil] + offsets.map { Optional($0) })
        text += "trailer\n<< /Size \(objects.count + 1) /Root 2 0 R >>\nstartxref\n\(xrefOffset)\n%%EOF\n"
        return text
    }
}
