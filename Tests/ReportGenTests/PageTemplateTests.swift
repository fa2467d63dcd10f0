import Aggregation
import AppStore
import Core
import DemoData
import Exporters
import Foundation
import SeededRandom
import TestSupport
import Testing

@testable import ReportGen

/// The html pages' own renderer (Sources/ReportGen/HTML/PageTemplate.swift) writes the bytes
/// swift-mustache writes from the same template and data: the built-in pages of real families,
/// hand-picked corners of Mustache's whitespace and escaping, and templates made at random.
struct PageTemplateTests {
    /// swift-mustache's bytes and PageTemplate's, for one template and one page's data.
    static func both(_ text: String, _ page: HTMLItem) throws -> (mustache: [UInt8], page: [UInt8]) {
        let reference = try TemplatePair.parse((text, "test")).renderBytes(page)
        let template = try #require(PageTemplate.compile(text), "\(text.debugDescription) is not taken")
        var render = PageRender(page: page)
        try template.render(into: &render)
        return (reference, render.bytes)
    }

    static let sample: HTMLItem = [
        .title: "Tom & \"Jerry\" <3 'x'", .muted: true, .empty: false, .lines: .list(["a", "b<", "c"]),
        .cards: .list([.item([.label: "One", .note: false]), .item([.label: "Two", .note: "n"])]),
        .notes: .list([]), .caption: .item([.text: "inner", .id: "i1"]), .heading: "",
    ]

    @Test(arguments: [
        "{{title}}|{{{title}}}|{{& title }}|{{ title }}",
        "{{#lines}}\n<p>{{.}}</p>\n{{/lines}}\n",
        "  {{#lines}}  \n  x{{.}}\n  {{/lines}}  \nend",
        "{{#muted}} m{{/muted}}{{^muted}} n{{/muted}}{{#empty}}E{{/empty}}{{^empty}}F{{/empty}}",
        "{{#cards}}{{label}}:{{#note}}[{{note}}]{{/note}}{{^note}}-{{/note}}{{title}};{{/cards}}",
        "{{^notes}}none {{notes}}{{/notes}}{{#notes}}some{{/notes}}",
        "{{caption.text}} {{#caption}}{{.id}} {{id}} {{.title}}{{title}}{{/caption}} {{nothing}} {{nothing.text}}",
        "a {{! a comment }} b\n  {{! standalone }}  \nc\r\n  {{#muted}}\r\n  in\r\n  {{/muted}}\r\nd",
        "{ {{title}} }{{\n}}x{ {y",
        "{{lines}} {{muted}} {{.title}}",
        "{{% CONTENT_TYPE: HTML}}\n{{#heading}}[{{.}}]{{/heading}}{{heading}}{{muted}}{{empty}}",
        "\t{{#lines}}\t\n{{.}}\n\t{{/lines}}",
        "{{#lines}}{{/lines}}{{^lines}}{{/lines}}{{#title}}{{.}}{{/title}}",
    ])
    func aCornerOfMustacheRendersAsSwiftMustacheDoes(text: String) throws {
        let (mustache, page) = try Self.both(text, Self.sample)
        #expect(page == mustache, "\(String(decoding: page, as: UTF8.self).debugDescription)")
    }

    /// Text is escaped as swift-mustache escapes it, but on bytes: swift-mustache escapes a
    /// character (a grapheme), so that `"` with a combining mark after it, or `<` after a
    /// prepended mark, is another character it leaves as it is; the pages escape every one.
    @Test func textIsEscapedByteByByte() throws {
        for text in ["plain", "<b>&amp;</b>", "é<", "<é", "☆'☆", "\r\n<\r\n", "a\u{200D}&", ""] {
            let (mustache, page) = try Self.both("[{{title}}]", [.title: .text(text)])
            #expect(page == mustache, "\(text.debugDescription)")
        }
        let expected = [
            "\"\u{301} onclick": "[&quot;\u{301} onclick]", "<\u{338}": "[&lt;\u{338}]", "\u{600}<x": "[\u{600}&lt;x]",
        ]
        for (text, escaped) in expected {
            let (mustache, page) = try Self.both("[{{title}}]", [.title: .text(text)])
            #expect(String(decoding: page, as: UTF8.self) == escaped, "\(text.debugDescription)")
            #expect(page != mustache, "swift-mustache leaves \(text.debugDescription) as it is")
        }
    }

    @Test(arguments: [
        "{{>partial}}", "{{<parent}}{{/parent}}", "{{$block}}x{{/block}}", "{{=<% %>=}}", "{{count(lines)}}",
        "{{#first()}}x{{/first()}}", "{{#lines}}", "{{/lines}}", "{{title", "{{% CONTENT_TYPE: TEXT}}", "x {",
    ])
    func whatItDoesNotRenderIsRefused(text: String) {
        #expect(PageTemplate.compile(text) == nil)
    }

    @Test func aListsRowsAreStreamedOnlyWhereTheySectionIsPlain() throws {
        let plain = try #require(PageTemplate.compile("a{{#empty}}{{/empty}}{{^empty}}{{#rows}}r{{/rows}}{{/empty}}"))
        #expect(plain.withRowsStreamed() != nil)
        for text in [
            "{{rows}}{{#rows}}{{/rows}}", "{{^rows}}{{/rows}}{{#rows}}{{/rows}}", "{{#rows.cells}}{{/rows.cells}}",
        ] {
            #expect(try #require(PageTemplate.compile(text)).withRowsStreamed() == nil, "\(text)")
        }
    }

    // MARK: Templates made at random

    /// The keys that hold lists and items in the random pages; the others hold texts and flags.
    static let containers: Set<HTMLKey> = [.cards, .sections, .parts, .rows, .cells, .lines, .notes, .table, .values]
    static let names = HTMLKey.allCases.map(\.rawValue) + ["nothing", "x.y"]
    static let valueNames = HTMLKey.allCases.filter { !containers.contains($0) }.map(\.rawValue) + [".", "x.y"]

    static func randomText(_ random: inout SplitMix64) -> String {
        let pieces = ["a", " ", "  ", "\t", "\n", "\r\n", "{", "}", "<p>", "é", "x y"]
        return (0..<random.int(0...4)).map { _ in random.pick(pieces) }.joined()
    }

    /// A template of text, variables, comments and (nested) sections, tags inline or alone on
    /// their lines with whitespace around them.
    static func randomTemplate(_ random: inout SplitMix64, depth: Int = 0) -> String {
        var text = ""
        for _ in 0..<random.int(1...6) {
            let name = random.pick(names + [".", ".title", "table.title"])
            let pad = random.pick(["", " ", "  ", "\t"])
            let line = random.chance(0.4)
            let open = line ? "\n" + pad : ""
            let close = line ? pad + random.pick(["\n", "\r\n", " x\n"]) : ""
            switch random.int(0...5) {
            case 0, 1: text += randomText(&random) + "{{\(pad)\(random.pick(valueNames))\(pad)}}"
            case 2: text += random.chance(0.5) ? "{{{\(random.pick(valueNames))}}}" : "{{& \(random.pick(valueNames))}}"
            case 3: text += open + "{{! note \(name) }}" + close
            default:
                guard depth < 3, !name.hasPrefix(".") else { continue }
                let kind = random.chance(0.6) ? "#" : "^"
                let inner = randomTemplate(&random, depth: depth + 1)
                text += open + "{{\(kind)\(name)}}" + close + inner + open + "{{/\(name)}}" + close
            }
        }
        return text + randomText(&random)
    }

    static func randomValue(_ random: inout SplitMix64, container: Bool, depth: Int) -> HTMLValue {
        switch random.int(depth > 2 || !container ? 0...1 : 2...3) {
        // A `"` with a combining mark after it is escaped where swift-mustache does not
        // (textIsEscapedByteByByte), so it is not among the values compared here.
        case 0: return .text(random.pick(["", "x", "<&>", "'q'", "two\nlines", "Ünï"]))
        case 1: return .flag(random.chance(0.5))
        case 2:
            return .list((0..<random.int(0...3)).map { _ in .item(randomItem(&random, depth: depth + 1)) })
        default: return .item(randomItem(&random, depth: depth + 1))
        }
    }

    static func randomItem(_ random: inout SplitMix64, depth: Int = 0) -> HTMLItem {
        var item: HTMLItem = [:]
        for key in HTMLKey.allCases where random.chance(depth == 0 ? 0.7 : 0.25) {
            item[key] = randomValue(&random, container: containers.contains(key), depth: depth)
        }
        return item
    }

    @Test func randomTemplatesRenderAsSwiftMustacheDoes() throws {
        var random = SplitMix64(seed: 45)
        var compared = 0
        for _ in 0..<1000 {
            let text = Self.randomTemplate(&random)
            let page = Self.randomItem(&random)
            guard (try? TemplatePair.parse((text, "random"))) != nil else { continue }
            let (mustache, bytes) = try Self.both(text, page)
            // A list or an item written as a value is Swift's description of an array or a
            // dictionary (the texts here have no "["), whose order differs from one dictionary to
            // another: such a page is not compared.
            guard !mustache.contains(UInt8(ascii: "[")) else { continue }
            #expect(bytes == mustache, "\(text.debugDescription)")
            compared += 1
        }
        #expect(compared > 450)
    }

    // MARK: The built-in pages

    /// The demo's families: each report page's data through the built-in template, by
    /// PageTemplate and by swift-mustache, byte for byte.
    @Test func theBuiltInPagesAreSwiftMustachesBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")
        let today = try #require(CivilDate(iso: "2026-11-22"))
        _ = try DemoDatabase.write(to: folder.file("demo.db"), options: DemoOptions(today: today))
        let source = try SQLiteSource(path: folder.file("demo.db"))
        var pages = 0
        for family in try source.families() {
            let data = try source.loadFamily(id: family.id)
            let run = try ReportRun(
                data: data,
                selection: .preset(.last30Days),
                today: today,
                timezone: nil,
                clock: clock
            )
            let (mustache, page) = try Self.both(
                HTMLTemplates.defaultReport,
                ReportHTML.data(run, templates: OutputTemplates.builtIn)
            )
            #expect(page == mustache, "\(family.id)")
            pages += 1
        }
        #expect(pages >= 4)
    }

    /// A list template whose rows section is inline, inside another section, or reached twice
    /// (refused when written).
    @Test func aListsRowsGoWhereTheirSectionIs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("hostile.db")
        try HTMLPageTests.hostileDatabase(at: database)
        let data = try SQLiteSource(path: database).loadFamily(id: "F")
        let clock = RunClock(now: Instant(seconds: 1_795_413_600), source: "test")
        let row = "<tr>{{#cells}}<td>{{#lines}}{{text}}{{/lines}}</td>{{/cells}}</tr>"
        let list = HTMLTemplates.defaultList
        let variants = [
            // Inline, in the middle of a line.
            list.replacingOccurrences(of: "<tbody>\n{{#rows}}\n", with: "<tbody>{{#rows}}")
                .replacingOccurrences(of: "\n{{/rows}}\n</tbody>", with: "{{/rows}}</tbody>"),
            // Inside an inverted section, reached only when there is no legend.
            list.replacingOccurrences(of: "{{#rows}}", with: "{{^legend}}{{#rows}}")
                .replacingOccurrences(of: "{{/rows}}", with: "{{/rows}}{{/legend}}"),
            // A second rows section where there is a legend (reached twice: refused).
            list.replacingOccurrences(
                of: "</main>",
                with: "{{#legend}}\n  {{#rows}}\n\(row)\n  {{/rows}}\n{{/legend}}</main>"
            ),
            // Inside an empty list's inverted section, where swift-mustache writes no marker.
            list.replacingOccurrences(of: "{{#rows}}", with: "{{^notes}}{{#rows}}")
                .replacingOccurrences(of: "{{/rows}}", with: "{{/rows}}{{/notes}}"),
        ]
        for (index, text) in variants.enumerated() {
            let templatesFolder = folder.file("t\(index)")
            try FileManager.default.createDirectory(atPath: templatesFolder, withIntermediateDirectories: true)
            try text.write(
                toFile: (templatesFolder as NSString).appendingPathComponent(HTMLTemplates.listName),
                atomically: true,
                encoding: .utf8
            )
            var request = ListRequest(filters: .coaches(CoachFilters()))
            request.formats = [.html]
            let output = Result {
                let templates = try OutputTemplates.load(from: templatesFolder)
                let result = try ListExport.run(
                    request,
                    data: data,
                    interactions: .loaded(data.interactions),
                    clock: clock,
                    to: .folder(templatesFolder),
                    templates: templates
                )
                return FileManager.default.contents(atPath: result.files[0].path)
            }
            // Not reached where the coaches' list has a legend, reached twice there, and never
            // reached in an empty list's inverted section (refused as the templates are read).
            let refusals = [1: "no single {{#rows}} section", 2: "no single {{#rows}} section", 3: "(it has none)"]
            switch output {
            case .success(let page):
                #expect(
                    index == 0 && page.map { String(decoding: $0, as: UTF8.self).contains("<td") } == true,
                    "\(index)"
                )
            case .failure(let error):
                #expect(refusals[index].map { "\(error)".contains($0) } == true, "\(index): \(error)")
            }
        }
    }
}
