/// The response rate of docs/report.md §2: of the coaches with an outbound interaction in the
/// range, the share that also have an inbound one. Interactions whose coach is not one of
/// the family's coaches do not count.
struct ResponseRate {
    let contacted: Int
    let responding: Int

    init(_ interactions: [Interaction], coachIDs: Set<String>) {
        var outbound = Set<String>()
        var inbound = Set<String>()
        for interaction in interactions {
            guard let coach = interaction.coachID, coachIDs.contains(coach) else { continue }
            switch interaction.direction {
            case .outbound: outbound.insert(coach)
            case .inbound: inbound.insert(coach)
            }
        }
        contacted = outbound.count
        responding = outbound.intersection(inbound).count
    }

    /// 0–100, or nil when no coach was contacted.
    var rate: Double? { Stats.percentage(responding, of: contacted) }
}
