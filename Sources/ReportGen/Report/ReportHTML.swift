import Aggregation
import Core
import Exporters

/// The report as one web page (docs/outputs.md, "html"): the pdf's document
/// (`ReportPDF.document`, the same sections in the same order and the same words) as the data
/// of `report.html.mustache`. Where the pdf cuts a list at 10 rows with "and N more", the page
/// has every row, those past 10 folded under "and N more"; each chart is inline svg with its
/// numbers as a table under it.
enum ReportHTML {
    /// The page's bytes (UTF-8).
    /// - Throws: `UsageError` when the built-in templates do not parse (a bug).
    static func page(_ run: ReportRun, templates: OutputTemplates) throws -> [UInt8] {
        var render = PageRender(page: data(run, templates: templates), capacity: 1 << 17)
        try templates.htmlTemplates().reportPage.render(into: &render)
        return render.bytes
    }

    /// The page's data (Templates/README.md, "The pages' data").
    static func data(_ run: ReportRun, templates: OutputTemplates) -> HTMLItem {
        let folded = ReportPDFSeason.listLimit
        let document = ReportPDFSeason.$listLimit.withValue(Int.max) { ReportPDF.document(run, templates: templates) }
        var options = HTMLPageData.Options(foldAfter: folded)
        // The season's charts are labelled by each week's first day (ReportPDFCharts).
        options.lineCategory = "Week of"
        options.missing = "no value"
        var page = HTMLPageData(document, options: options).page
        page[.lang] = "en"
        page[.generator] = .text(ToolVersion.creator)
        return page
    }
}
