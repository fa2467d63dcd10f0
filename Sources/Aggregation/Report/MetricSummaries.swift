import Core

/// The report's metric summaries (docs/report.md, docs/metrics.md): each type's figures over
/// the range, named and formatted by the app's registry, in the order the app shows them.
enum MetricSummaries {
    static func metrics(
        of data: FamilyData,
        in window: DayWindow,
        registry: MetricRegistry = .app
    ) -> ReportFigures.Metrics {
        let inRange = data.metrics.filter { window.contains($0.date) }
        var byType: [String: [PerformanceMetric]] = [:]
        for metric in inRange { byType[metric.metricType, default: []].append(metric) }
        var numbered: [String: [PerformanceMetric]] = [:]
        for metric in data.metrics where metric.value != nil && byType[metric.metricType] != nil {
            numbered[metric.metricType, default: []].append(metric)
        }
        let primaryType = primaryType(data, zone: window.zone)
        var summaries = byType.map { type, rows in
            let definition = registry.definition(type)
            var summary = summary(type, rows: rows, definition: definition, zone: window.zone)
            summary.primary = type == primaryType
            summary.progress = progress(numbered[type] ?? [], summary: summary, window: window)
            return summary
        }
        let order = registry.order(sport: SeasonAhead.playerSport(data))
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        summaries.sort { a, b in
            if a.primary != b.primary { return a.primary }
            switch (rank[a.type], rank[b.type]) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil):
                if a.definition.label != b.definition.label {
                    return CodePoint.less(a.definition.label, b.definition.label)
                }
                return CodePoint.less(a.type, b.type)
            }
        }
        return ReportFigures.Metrics(total: inRange.count, summaries: summaries)
    }

    /// The type of the player's headline stat: their `is_primary` row, the latest by
    /// recorded_date (a null one first), then id, when there are two.
    static func primaryType(_ data: FamilyData, zone: Zone) -> String? {
        guard let player = data.player?.userID else { return nil }
        let rows = data.metrics.filter { $0.isPrimary == true && $0.userID == player }
        return rows.max { a, b in
            switch (a.recordedDate.map(zone.instant), b.recordedDate.map(zone.instant)) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, .some): return true
            case (.some, nil): return false
            default: return CodePoint.less(a.id, b.id)
            }
        }?.metricType
    }

    private static func summary(
        _ type: String,
        rows: [PerformanceMetric],
        definition: MetricDefinition,
        zone: Zone
    ) -> ReportFigures.MetricSummary {
        let values = rows.compactMap(\.value)
        var units: [String: Int] = [:]
        for unit in rows.compactMap(\.unit) { units[unit, default: 0] += 1 }
        let unit = units.max { a, b in a.value != b.value ? a.value < b.value : CodePoint.less(b.key, a.key) }?.key
        let last = rows.max { a, b in isBefore(a, b, zone: zone) } ?? rows[0]
        let shownUnit = definition.isRegistered ? definition.unit : unit ?? ""
        let latest = ReportFigures.MetricEntry(
            date: zone.date(of: last.date),
            value: last.value,
            display: last.value.map { definition.text($0, unit: shownUnit) } ?? last.displayValue,
            source: last.source,
            verified: last.verified == true
        )
        return ReportFigures.MetricSummary(
            type: type,
            rows: rows.count,
            count: values.count,
            avg: Stats.mean(values),
            min: values.min(),
            max: values.max(),
            unit: unit,
            definition: definition,
            latest: latest
        )
    }

    /// §5 of docs/metrics.md: over the type's entries with a number dated up to the range's
    /// last day, however long before its first.
    static func progress(
        _ entries: [PerformanceMetric],
        summary: ReportFigures.MetricSummary,
        window: DayWindow
    ) -> ReportFigures.MetricProgress {
        let zone = window.zone
        let upTo = entries.filter { zone.date(of: $0.date) <= window.range.to }
            .sorted { isBefore($0, $1, zone: zone) }
        let before = upTo.filter { zone.date(of: $0.date) < window.range.from }
        let inRange = upTo.filter { zone.date(of: $0.date) >= window.range.from }
        let lower = summary.definition.lowerIsBetter
        func better(_ a: Double, _ b: Double) -> Bool { lower ? a < b : a > b }
        func entry(_ metric: PerformanceMetric) -> ReportFigures.MetricEntry {
            ReportFigures.MetricEntry(
                date: zone.date(of: metric.date),
                value: metric.value,
                display: metric.value.map(summary.text),
                source: metric.source,
                verified: metric.verified == true
            )
        }
        var result = ReportFigures.MetricProgress()
        // The first occurrence of the best value: a later equal one does not replace it.
        let best = upTo.reduce(nil as PerformanceMetric?) { kept, next in
            guard let kept, let value = kept.value else { return next }
            return better(next.value ?? value, value) ? next : kept
        }
        result.best = best.map(entry)
        let previous = before.last
        result.previous = previous.map(entry)
        if let last = inRange.last?.value, let earlier = previous?.value, (last - earlier).isFinite {
            let change = last - earlier
            result.change = change
            result.improved = change == 0 ? nil : better(last, earlier)
        }
        let beforeValues = before.compactMap(\.value)
        result.bestBefore = beforeValues.reduce(nil as Double?) { kept, next in
            kept.map { better(next, $0) ? next : $0 } ?? next
        }
        if let bestBefore = result.bestBefore {
            result.newBest = inRange.contains { $0.value.map { better($0, bestBefore) } ?? false }
        }
        return result
    }

    /// Entry order: by date, then created_at (none first), then id.
    private static func isBefore(_ a: PerformanceMetric, _ b: PerformanceMetric, zone: Zone) -> Bool {
        let (x, y) = (zone.instant(of: a.date), zone.instant(of: b.date))
        if x != y { return x < y }
        switch (a.createdAt.map(zone.instant), b.createdAt.map(zone.instant)) {
        case (let p?, let q?) where p != q: return p < q
        case (nil, .some): return true
        case (.some, nil): return false
        default: return CodePoint.less(a.id, b.id)
        }
    }
}
