import Aggregation
import Core
import Delivery
import Foundation
import ReportGen
import Yams

/// The job file's own sections, read with `YAMLNodeReader` (ReportGen/YAMLNodeReader.swift).
extension YAMLNodeReader {
    func job(_ root: Node) throws -> BatchJob {
        var job = BatchJob(file: file)
        var sawOutputs = false
        var deliverNode: Node?
        for (key, node) in try mapping(
            root,
            "the job",
            allowed: [
                "name", "database", "families", "timezone", "range", "permissions", "bad_rows", "deliver", "output",
                "outputs", "monitor",
            ]
        ) {
            switch key {
            case "name":
                job.name = try jobName(node, key)
            case "monitor":
                job.monitor = try monitor(node)
            case "database":
                job.database = try string(node, key)
            case "families":
                job.families = try families(node, key)
            case "timezone":
                let name = try string(node, key)
                job.timezone = name == "player" ? .player : .fixed(try at(node, key) { try Zone.parseOption(name) })
            case "range":
                job.range = try range(node, key)
            case "deliver":
                job.delivery = try delivery(node)
                deliverNode = node
            case "bad_rows":
                let value = try string(node, key)
                guard value == "fail" || value == "skip" else {
                    throw fail(node, "'bad_rows' must be fail or skip (got \(Quote.value(value)))")
                }
                job.skipBadRows = value == "skip"
            case "permissions":
                job.permissions = try permissions(node, key)
            case "output":
                try outputPlace(node, into: &job)
            default:
                sawOutputs = true
                job.outputs = try outputs(node)
            }
        }
        guard sawOutputs else { throw fail(root, "the job has no 'outputs'; list the report and exports to write") }
        try checkAttachments(job, deliverNode: deliverNode)
        return job
    }

    /// `families`: all, or a list of family ids, each run once at its first place.
    private func families(_ node: Node, _ key: String) throws -> BatchJob.Families {
        if node.scalar?.string == "all" { return .all }
        let ids = try strings(node, key)
        guard !ids.isEmpty, ids.allSatisfy({ !$0.isEmpty }) else {
            throw fail(node, "'families' must be 'all' or a list of family ids")
        }
        // A family listed twice runs once, at its first place.
        var seen = Set<String>()
        return .ids(ids.filter { seen.insert($0).inserted })
    }

    /// `permissions`: one of `OutputPermissions`' names.
    private func permissions(_ node: Node, _ key: String) throws -> OutputPermissions {
        let name = try string(node, key)
        guard let permissions = OutputPermissions(rawValue: name) else {
            throw fail(
                node,
                "'permissions' must be one of \(OutputPermissions.allCases.map(\.rawValue).joined(separator: ", ")) (got \(Quote.value(name)))"
            )
        }
        return permissions
    }

    /// The `output` section: the output `root` and each family's `folder` under it (checked).
    private func outputPlace(_ node: Node, into job: inout BatchJob) throws {
        for (outputKey, value) in try mapping(node, "'output'", allowed: ["root", "folder"]) {
            switch outputKey {
            case "root": job.root = try string(value, outputKey)
            default:
                job.folder = try string(value, outputKey)
                try checkFolderPattern(job.folder, node: value)
            }
        }
    }

    /// The `outputs` list: at least one output, no two writing a file of the same name.
    private func outputs(_ node: Node) throws -> [BatchJob.Output] {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            throw fail(node, "'outputs' must be a list of outputs")
        }
        let outputs = try sequence.enumerated().map { try output($1, index: $0) }
        try checkDistinctFiles(outputs, nodes: Array(sequence))
        return outputs
    }

    /// Each attachment of the job's delivery names a file this job writes: `report.pdf`, `coaches.xlsx`, …
    private func checkAttachments(_ job: BatchJob, deliverNode: Node?) throws {
        guard let delivery = job.delivery else { return }
        let written = Set(
            job.outputs.flatMap { output -> [String] in
                switch output {
                case .report(let formats, _): formats.map { "report.\($0.rawValue)" }
                case .list(let list): list.formats.map { "\(list.kind.rawValue).\($0.rawValue)" }
                }
            }
        )
        for spec in delivery.attach where !written.contains(spec) {
            throw fail(
                deliverNode,
                "'attach' names \(Quote.value(spec)), which this job does not write; it writes \(written.sorted().joined(separator: ", "))"
            )
        }
        if delivery.reportURL != nil, !written.contains("report.\(ReportFormat.html.rawValue)") {
            throw fail(
                deliverNode,
                "'report_url' links the e-mail to the report's web page, which this job does not write: add html to the report's formats"
            )
        }
    }

    func range(_ node: Node, _ context: String) throws -> RangeSelection {
        try range(pairs: try mapping(node, "'\(context)'", allowed: ["preset", "from", "to"]), at: node, context)
    }

    /// A range from `preset`/`from`/`to` pairs found in a mapping.
    func range(pairs: [(key: String, node: Node)], at node: Node, _ context: String) throws -> RangeSelection {
        var preset: String?
        var from: String?
        var to: String?
        for (key, value) in pairs {
            switch key {
            case "preset": preset = try string(value, key)
            case "from": from = try string(value, key)
            default: to = try string(value, key)
            }
        }
        let selection = try at(node, context) { try RangeSelection.parse(preset: preset, from: from, to: to) }
        if case .custom(let start, let end) = selection, end < start {
            throw fail(node, "'\(context)': End date must be after start date")
        }
        return selection
    }

    func checkFolderPattern(_ pattern: String, node: Node) throws {
        guard !pattern.hasPrefix("/"), !pattern.isEmpty else {
            throw fail(node, "'folder' must be a relative path inside the output root")
        }
        for part in pattern.split(separator: "/") where part == ".." || part == "." {
            throw fail(node, "'folder' may not contain '\(part)': every family's folder stays inside the output root")
        }
        try checkPlaceholders(pattern, node: node, key: "folder", allowed: BatchJob.placeholders)
        guard pattern.contains("{family_slug}") || pattern.contains("{family_id}") else {
            throw fail(
                node,
                "'folder' must contain {family_slug} or {family_id}: without one, every family would write into the same folder"
            )
        }
    }

    /// Every `{name}` of a pattern is one of `allowed`.
    func checkPlaceholders(_ pattern: String, node: Node, key: String, allowed: [String]) throws {
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw fail(node, "'\(key)' has an unclosed '{'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard allowed.contains(name) else {
                throw fail(
                    node,
                    "'\(key)' has an unknown placeholder {\(name)}; use: \(allowed.map { "{\($0)}" }.joined(separator: ", "))"
                )
            }
            rest = rest[rest.index(after: close)...]
        }
    }

    /// Two outputs that would write a file of the same name (the same list and format, or
    /// reports of the same range and format) are a usage error: the second would replace the first.
    func checkDistinctFiles(_ outputs: [BatchJob.Output], nodes: [Node]) throws {
        var owners: [String: Int] = [:]
        for (index, output) in outputs.enumerated() {
            let keys: [String] =
                switch output {
                case .report(let formats, let range):
                    formats.map { "report \(range.map { "\($0)" } ?? "job") \($0.rawValue)" }
                case .list(let list): list.formats.map { "\(list.name ?? list.kind.rawValue) \($0.rawValue)" }
                }
            for key in keys {
                if let first = owners[key] {
                    let hint =
                        if case .report = output { "give them different ranges" } else {
                            "give one of them a 'name' (it starts its file names)"
                        }
                    throw fail(
                        nodes[index],
                        "outputs[\(index + 1)] would write the same file as outputs[\(first + 1)] (\(key.split(separator: " ").last ?? "")); \(hint)"
                    )
                }
                owners[key] = index
            }
        }
    }

    func output(_ node: Node, index: Int) throws -> BatchJob.Output {
        let context = "outputs[\(index + 1)]"
        guard let mapping = node.mapping else {
            throw fail(node, "\(context) must be a mapping with 'report' or 'export'")
        }
        let keys = mapping.keys.compactMap(\.string)
        if keys.contains("report") {
            return try reportOutput(node, context)
        }
        guard let exportNode = mapping.first(where: { $0.key.string == "export" })?.value else {
            throw fail(node, "\(context) must have 'report' or 'export: coaches|schools|interactions'")
        }
        return .list(try listOutput(node, export: exportNode, context))
    }

    /// An output with `report`: its `formats` (json, csv, xlsx and pdf by default) and a range of its own from
    /// `preset`/`from`/`to` (nil: the job's).
    private func reportOutput(_ node: Node, _ context: String) throws -> BatchJob.Output {
        var formats: [ReportFormat] = ReportFormat.standard
        var pairs: [(key: String, node: Node)] = []
        for (key, value) in try self.mapping(node, context, allowed: ["report", "formats", "preset", "from", "to"]) {
            switch key {
            case "report":
                guard
                    value.scalar.map({ $0.string.isEmpty || $0.string == "null" })
                        ?? (value.mapping?.isEmpty ?? false)
                else {
                    throw fail(value, "'report' takes no value; put its keys (formats, preset) beside it")
                }
            case "formats":
                formats = try at(value, key) {
                    try ReportFormat.parseList(try strings(value, key).joined(separator: ","), option: "formats")
                }
            default:
                pairs.append((key, value))
            }
        }
        let range = pairs.isEmpty ? nil : try self.range(pairs: pairs, at: node, context)
        return .report(formats: formats, range: range)
    }

    /// An output with `export`: the list, its `name`, `formats`, `sort`, viewer (`as`),
    /// `filters` and, for interactions, its range; the filters and sort typed at once.
    private func listOutput(_ node: Node, export exportNode: Node, _ context: String) throws -> BatchJob.ListOutput {
        let kindName = try string(exportNode, "export")
        guard let kind = ListKind(rawValue: kindName) else {
            throw fail(
                exportNode,
                "'export' \(Quote.value(kindName)) is not a list; use one of: coaches, schools, interactions"
            )
        }
        var output = BatchJob.ListOutput(
            kind: kind,
            formats: [.csv],
            filters: .coaches(CoachFilters()),
            viewAsPlayer: false,
            range: .all
        )
        var values = ListFilterValues()
        var ownRange: [(key: String, node: Node)] = []
        let allowed =
            ["export", "name", "formats", "sort", "as", "filters"]
            + (kind == .interactions ? ["range", "preset", "from", "to"] : [])
        for (key, value) in try self.mapping(node, context, allowed: allowed) {
            switch key {
            case "export": break
            case "name":
                output.name = try listName(value, key)
            case "formats":
                output.formats = try at(value, key) {
                    try ListFormat.parseList(try strings(value, key).joined(separator: ","), option: "formats")
                }
            case "sort":
                values.sort = .text(try string(value, key))
            case "as":
                switch try string(value, key) {
                case "player": output.viewAsPlayer = true
                case "family": output.viewAsPlayer = false
                default: throw fail(value, "'as' must be 'player' (the family's player) or 'family'")
                }
            case "filters":
                try filters(value, kind: kind, into: &values)
            case "range":
                guard try string(value, key) == "job" else {
                    throw fail(value, "'range' must be 'job' (the run's dates); or give preset/from/to")
                }
                output.range = .job
            default:
                ownRange.append((key, value))
            }
        }
        if !ownRange.isEmpty {
            output.range = .own(try range(pairs: ownRange, at: node, context))
        }
        // The filters and sort typed now, so that a bad value stops the job before any work.
        output.filters = try at(node, context) { try values.filters(for: kind, range: nil) }
        output.home = try at(node, context) { try values.homeCoordinate() }
        return output
    }

    /// A list output's `name`: a slug, since it starts the output's file names.
    private func listName(_ value: Node, _ key: String) throws -> String {
        let name = try string(value, key)
        guard Slug.make(name, limit: 60) == name else {
            throw fail(
                value,
                "'name' \(Quote.value(name)) must be lower-case letters, digits and dashes (it starts the file names), e.g. head-coaches"
            )
        }
        return name
    }

    func filters(_ node: Node, kind: ListKind, into values: inout ListFilterValues) throws {
        for (key, value) in try mapping(
            node,
            "'filters' of \(kind.rawValue)",
            allowed: ListFilterOption.names(for: kind)
        ) {
            guard let filter = ListFilterOption.named(key) else { continue }
            let input: ListFilterValues.Input =
                switch filter.kind {
                case .text: .text(try string(value, key))
                case .texts: .texts(try strings(value, key))
                case .wholeNumber: .wholeNumber(try int(value, key))
                case .number: .number(try double(value, key))
                case .flag: .flag(try bool(value, key))
                }
            values[filter] = input
            _ = try at(value, key) { try values.filters(for: kind, range: nil) }
        }
    }
}
