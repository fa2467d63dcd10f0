import Aggregation
import Core
import Exporters
import Foundation

/// The interactions' running counts, shared by the streaming pass and the summaries written after it.
final class InteractionCounts {
    var analytics: InteractionAnalytics
    var visible = 0
    init(analytics: InteractionAnalytics) { self.analytics = analytics }
}

/// Runs list exports: filters and sorts in Aggregation, rows written to every format in one pass.
package enum ListExport {
    /// `<list>_<family slug>.<format>`.
    /// `<list>_<family slug>.<format>`, or `<name>_…` for a job output with a `name`.
    package static func fileName(
        _ kind: ListKind,
        name: String? = nil,
        family: FamilyUnit,
        format: ListFormat
    ) -> String {
        "\(name ?? kind.rawValue)_\(family.slug).\(format.rawValue)"
    }

    /// Exports one list of one family.
    /// - Parameters:
    ///   - data: the family's rows; its interactions are not read (they come from `interactions`).
    ///   - interactions: the family's interactions, loaded or streamed.
    /// - Throws: `AccessError` for a viewer who is not a member or a filter the viewer may not
    ///   use; `UsageError` for a bad filter; `OutputError`/`ExportError` when a file cannot be
    ///   written. Nothing is left under a final name on error.
    package static func run(
        _ request: ListRequest,
        data: FamilyData,
        interactions: InteractionFeed,
        clock: RunClock,
        to target: OutputTarget,
        csv: CSVWriter.Options = CSVWriter.Options(),
        templates: OutputTemplates? = nil
    ) throws -> ListResult {
        let templates = templates ?? OutputTemplates.builtIn
        let viewer: Viewer
        do {
            viewer = try Viewer.resolve(request.viewerID, in: data)
        } catch {
            throw AccessError(error.description)
        }
        let zone = Zone.report(for: data, override: request.zone)
        let context = Context(
            request: request,
            data: data,
            viewer: viewer,
            zone: zone,
            today: request.today ?? zone.date(of: clock.now),
            clock: clock,
            target: target,
            csv: csv,
            palette: templates.palette,
            chosen: templates.listColumns[request.kind] ?? [],
            html: try templates.htmlTemplates()
        )
        switch request.filters {
        case .coaches(let filters):
            return try coachList(filters, context, interactions: interactions)
        case .schools(let filters):
            return try schoolList(filters, context, interactions: interactions)
        case .interactions(let filters, let range):
            return try interactionList(filters, range: range, context, interactions: interactions)
        }
    }

    /// What every list's export shares once its viewer, the family's zone and today are known.
    private struct Context {
        let request: ListRequest
        let data: FamilyData
        let viewer: Viewer
        let zone: Zone
        let today: CivilDate
        let clock: RunClock
        let target: OutputTarget
        let csv: CSVWriter.Options
        let palette: OutputPalette
        /// The template's columns of the list, in its order and with its labels.
        let chosen: [(key: String, label: String)]
        let html: HTMLTemplates
    }

    /// The coaches list: every coach with the interactions the viewer sees tallied, filtered and sorted.
    private static func coachList(
        _ filters: CoachFilters,
        _ context: Context,
        interactions: InteractionFeed
    ) throws -> ListResult {
        let tally = try interactions.tally(viewer: context.viewer, zone: context.zone)
        let all = CoachListRow.rows(context.data, tally: tally, zone: context.zone)
        let rows = filters.query(today: context.today).apply(to: all)
        return try write(
            context,
            columns: ListColumns.coaches.selected(by: context.chosen),
            pdf: ListPDF.coaches(sort: filters.sort, palette: context.palette),
            total: all.count
        ) { emit in try rows.forEach(emit) }
    }

    /// The schools list: every school with its tally and, given a home, its distance; filtered and sorted.
    /// - Throws: `UsageError` for a distance filter without a home location.
    private static func schoolList(
        _ filters: SchoolFilters,
        _ context: Context,
        interactions: InteractionFeed
    ) throws -> ListResult {
        let (request, data, viewer, zone) = (context.request, context.data, context.viewer, context.zone)
        let home = request.home ?? viewer.home(in: data)
        let homeName =
            home == nil ? nil : ListPDF.homeName(given: request.home, owner: viewer.homeOwner(in: data), in: data)
        let query: ListQuery<SchoolListRow>
        do {
            query = try filters.query(hasHome: home != nil)
        } catch {
            throw UsageError(error.description)
        }
        let tally = try interactions.tally(viewer: viewer, zone: zone)
        let all = SchoolListRow.rows(data, tally: tally, home: home, zone: zone)
        let rows = query.apply(to: all)
        return try write(
            context,
            columns: ListColumns.schools(zone: zone).selected(by: context.chosen),
            pdf: ListPDF.schools(
                sort: filters.sort,
                home: homeName,
                zone: zone,
                today: context.today,
                palette: context.palette
            ),
            total: all.count
        ) { emit in try rows.forEach(emit) }
    }

    /// The interactions list, streamed newest first: the rows the viewer sees and the filters
    /// keep, counted into the analytics that follow them in each file and in the result.
    private static func interactionList(
        _ filters: InteractionFilters,
        range: RangeSelection?,
        _ context: Context,
        interactions: InteractionFeed
    ) throws -> ListResult {
        let (viewer, zone, today) = (context.viewer, context.zone, context.today)
        try checkLoggedBy(filters.loggedBy, context)
        var filters = filters
        if let range { filters.window = DayWindow(range: try range.range(today: today), zone: zone) }
        let checks = filters.filters(viewer: viewer, today: today, zone: zone)
        let builder = InteractionRowBuilder(context.data, viewer: viewer)
        let counts = InteractionCounts(
            analytics: InteractionAnalytics(today: today, zone: zone, range: limitedDays(filters, today: today))
        )
        let result = try write(
            context,
            columns: ListColumns.interactions(zone: zone).selected(by: context.chosen),
            pdf: ListPDF.interactions(zone: zone, palette: context.palette) { counts.analytics },
            total: nil,
            emptyMessage: { counts.visible == 0 ? ListKind.interactions.noneAtAll : ListKind.interactions.noMatch },
            summary: { analyticsSummary(counts.analytics) },
            produce: { emit in
                // Rows stream newest first; only the one in hand is held.
                try interactions.forEach(newestFirstIn: zone) { interaction in
                    if viewer.sees(interaction) { counts.visible += 1 }
                    guard checks.allSatisfy({ $0.matches(interaction) }) else { return }
                    counts.analytics.add(interaction)
                    try emit(builder.row(interaction))
                }
            }
        )
        return ListResult(
            files: result.files,
            rows: result.rows,
            emptyMessage: result.emptyMessage,
            analytics: counts.analytics,
            warnings: result.warnings
        )
    }

    /// `--logged-by`, when given, is for a parent or the family view and names a member of the family.
    /// - Throws: `AccessError` for a player; `UsageError` for someone who is not a member.
    private static func checkLoggedBy(_ loggedBy: String?, _ context: Context) throws {
        guard let loggedBy else { return }
        guard !context.viewer.isPlayer else {
            throw AccessError(
                "--logged-by is for a parent or the family view; a player sees only the interactions they logged"
            )
        }
        guard context.data.membership(of: loggedBy) != nil else {
            throw UsageError(
                "--logged-by \(Quote.value(loggedBy)) is not a member of family '\(context.data.family.id)'; `report-batch families` lists families, and members are in family_members"
            )
        }
    }

    /// The days an export is limited to (its range, or its last days), or nil: a ranged
    /// export's fourth figure counts the last 7 days of its range (docs/lists.md).
    private static func limitedDays(_ filters: InteractionFilters, today: CivilDate) -> ClosedRange<CivilDate>? {
        if let window = filters.window {
            window.range.from...window.range.to
        } else if let days = filters.lastDays {
            today.adding(days: -(days - 1))...today
        } else {
            nil
        }
    }

    /// The interactions' analytics as a list's summary: the total, each direction, and this week.
    private static func analyticsSummary(_ analytics: InteractionAnalytics) -> (String, [(String, Cell)]) {
        (
            "Analytics",
            [
                ("Total", .integer(analytics.total)), ("Outbound", .integer(analytics.outbound)),
                ("Inbound", .integer(analytics.inbound)),
                (analytics.weekLabel, .integer(analytics.thisWeek)),
            ]
        )
    }

    /// Writes the header, then every row `produce` emits, to each format; commits every file
    /// only when all are complete.
    private static func write<Row>(
        _ context: Context,
        columns: [ListColumn<Row>],
        pdf: ListPDFSpec<Row>,
        total: Int?,
        emptyMessage: (() -> String)? = nil,
        summary: () -> (String, [(String, Cell)])? = { nil },
        produce: ((Row) throws -> Void) throws -> Void
    ) throws -> ListResult {
        let kind = context.request.kind
        let empty: () -> String = emptyMessage ?? { total == 0 ? kind.noneAtAll : kind.noMatch }
        let (outputs, rowOutputs) = try openOutputs(context, pdf: pdf, emptyMessage: empty)
        var count = 0
        do {
            let headers = columns.map(\.header)
            for output in outputs { try output.writeHeader(headers) }
            let tabular = outputs.filter { output in !rowOutputs.contains { $0 === output } }
            try produce { row in
                if !tabular.isEmpty {
                    let cells = columns.map { $0.cell(row) }
                    for output in tabular { try output.writeRow(cells) }
                }
                for output in rowOutputs { try output.add(row) }
                count += 1
            }
            if let (title, figures) = summary() {
                for output in outputs { try output.writeSummary(title: title, figures) }
            }
            let files = try outputs.map { try $0.finish() }
            try AtomicFile.commitAll(outputs.compactMap(\.pending))
            return ListResult(
                files: files,
                rows: count,
                emptyMessage: count > 0 ? nil : empty(),
                analytics: nil,
                warnings: outputs.flatMap { output in
                    output.warnings.map { "\(((output.pending?.path ?? "-") as NSString).lastPathComponent): \($0)" }
                }
            )
        } catch {
            for output in outputs { output.pending?.discard() }
            throw outputs.compactMap(\.pending).reduce(error) { $1.translate($0) }
        }
    }

    /// Opens the request's outputs under temporary names: csv alone on standard output, else
    /// one file per format in the folder; each pdf and html output is also returned as a
    /// `RowOutput`, for the rows it adds.
    /// - Throws: `UsageError` for a format other than csv on standard output.
    private static func openOutputs<Row>(
        _ context: Context,
        pdf: ListPDFSpec<Row>,
        emptyMessage: @escaping () -> String
    ) throws -> (all: [TableOutput], rows: [any RowOutput<Row>]) {
        let (request, family, clock) = (context.request, context.data.family, context.clock)
        switch context.target {
        case .standardOutput:
            guard request.formats == [.csv] else {
                throw UsageError("--out - writes one text format to standard output; give --format csv")
            }
            return ([try CSVTableOutput(path: nil, options: context.csv)], [])
        case .folder(let folder):
            try AtomicFile.ensureWritableFolder(folder)
            var outputs: [TableOutput] = []
            var rowOutputs: [any RowOutput<Row>] = []
            for format in request.formats {
                let path = (folder as NSString).appendingPathComponent(
                    fileName(request.kind, name: request.name, family: family, format: format)
                )
                switch format {
                case .csv:
                    outputs.append(try CSVTableOutput(path: path, options: context.csv))
                case .xlsx:
                    let properties = XLSXWorkbook.Properties(
                        title: request.kind.title,
                        subject: "\(request.kind.title) – \(family.displayName)",
                        creator: ToolVersion.creator,
                        created: Date(timeIntervalSince1970: Double(clock.now.seconds))
                    )
                    outputs.append(
                        try XLSXTableOutput(path: path, sheetName: request.kind.title, properties: properties)
                    )
                case .pdf:
                    let output = try PDFListOutput(
                        path: path,
                        spec: pdf,
                        family: family,
                        footer: ReportText.footer(zone: context.zone, generatedAt: clock.now),
                        created: Date(timeIntervalSince1970: Double(clock.now.seconds)),
                        emptyMessage: emptyMessage
                    )
                    rowOutputs.append(output)
                    outputs.append(output)
                case .html:
                    let output = try HTMLListOutput(
                        path: path,
                        spec: pdf,
                        kind: request.kind,
                        family: family,
                        footer: ReportText.footer(zone: context.zone, generatedAt: clock.now),
                        templates: context.html,
                        emptyMessage: emptyMessage
                    )
                    rowOutputs.append(output)
                    outputs.append(output)
                }
            }
            return (outputs, rowOutputs)
        }
    }
}
