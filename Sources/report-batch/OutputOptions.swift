import Aggregation
import AppStore
import ArgumentParser
import Batch
import Core
import Exporters
import ReportGen

/// Where files go and how csv is written.
struct OutputOptions: ParsableArguments {
    @Option(help: "The folder to write into (created if missing), or - to write a single text format to stdout.")
    var out = "."

    @Flag(help: "Leave out the UTF-8 byte order mark at the start of csv files, for programs that do not want it.")
    var noBom = false

    @Flag(
        help:
            "Write csv text exactly as stored, without the ' that stops spreadsheets from running text starting with = + - @ as a formula. For machine readers only: never open such a file in a spreadsheet."
    )
    var rawCsv = false

    var csvOptions: CSVWriter.Options { CSVWriter.Options(byteOrderMark: !noBom, formulaGuard: !rawCsv) }
}
