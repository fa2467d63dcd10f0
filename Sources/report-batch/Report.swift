import Aggregation
import ArgumentParser
import Core
import Exporters
import ReportGen

struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one family's recruiting report.",
        discussion: """
            The report covers whole days in the report's time zone: --timezone, else the family player's zone, \
            else UTC. Presets: \(ReportPreset.names) (default \(ReportPreset.standard.rawValue)). \
            Files are named report_<family>_<from>_<to>.<format> and their paths printed on stdout. \
            Exits 3 with "No data found for selected date range" and writes nothing when the family has no \
            schools, no coaches, and no interactions or metrics in the range.

            Example:
              report-batch report --db app.db --family ID --preset previous-week --format pdf,xlsx --out reports/
            """
    )

    @OptionGroup var source: SourceOptions
    @OptionGroup var range: RangeOptions
    @OptionGroup var clock: ClockOptions

    @Option(help: "The formats to write, comma-separated: json, csv, xlsx, pdf, html (a web page).")
    var format = "json,csv,xlsx,pdf"

    @OptionGroup var output: OutputOptions
    @OptionGroup var templates: TemplateOptions
    @OptionGroup var global: GlobalOptions

    func run() throws {
        Console.configure(global)
        try runMapped {
            let formats = try ReportFormat.parseList(format)
            let templates = try self.templates.loadOutput(html: formats.contains(.html))
            let selection = try range.selection()
            let context = try clock.context()
            let data = try source.loadFamily()
            let report = try ReportRun(
                data: data,
                selection: selection,
                today: context.today,
                timezone: context.zone,
                clock: context.clock
            )
            for warning in report.warnings { Console.note("warning: \(warning)") }
            guard !report.isEmpty else { throw NoDataError(familyID: data.family.id) }
            let files = try ReportFiles.write(
                report,
                formats: formats,
                to: try Console.target(output.out),
                csv: output.csvOptions,
                templates: templates
            )
            try Console.printWritten(files)
            for file in files { for warning in file.warnings { Console.note("warning: \(warning)") } }
        }
    }
}
