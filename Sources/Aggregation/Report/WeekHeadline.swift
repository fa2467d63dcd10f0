import Foundation

/// The week's headline (docs/delivery.md, "The subject"): the most urgent true sentence of a
/// family's week, by a fixed order, so that the same rows always give the same words:
/// 1. an offer deadline in the next 3 days ("Stanford's offer deadline is tomorrow");
/// 2. a first reply from a coach ("First reply from Dana Smith (Stanford)");
/// 3. coaches who wrote ("Dana Smith (Stanford) wrote", "3 coaches wrote, the latest Dana Smith (Stanford)");
/// 4. a status moved forward ("Stanford moved to Offer Received");
/// 5. else the week's interactions ("12 interactions, 4 more than the week before").
public enum WeekHeadline {
    /// How near a deadline must be to lead the week.
    public static let deadlineDays = 3

    public static func make(
        deadlines: [FollowUps.Deadline],
        changes: SeasonChanges,
        interactions: Int,
        previousInteractions: Int
    ) -> String {
        if let deadline = deadlines.first(where: { $0.daysLeft <= deadlineDays }) {
            let when =
                deadline.daysLeft == 0 ? "today" : deadline.daysLeft == 1 ? "tomorrow" : "in \(deadline.daysLeft) days"
            let whose = deadline.school == CoachListRow.unknownSchool ? "An offer's" : "\(deadline.school)'s offer"
            return "\(whose) deadline is \(when)"
        }
        let firsts = changes.coachesWhoWrote.filter(\.firstTime)
        if let first = firsts.first {
            return "First reply from \(who(first))" + more(firsts.count - 1, "coach", "coaches")
        }
        if let wrote = changes.coachesWhoWrote.first {
            let count = changes.coachesWhoWrote.count
            return count == 1 ? "\(who(wrote)) wrote" : "\(count) coaches wrote, the latest \(who(wrote))"
        }
        let forward = (changes.statusChanges ?? []).filter { $0.direction == .forward }
        if let moved = forward.last {
            return "\(moved.school) moved to \(moved.to.displayName)" + more(forward.count - 1, "school", "schools")
        }
        return interactionsLine(interactions, previousInteractions)
    }

    /// "12 interactions, 4 more than the week before", "1 interaction, the same as the week
    /// before", "No interactions this week".
    static func interactionsLine(_ now: Int, _ before: Int) -> String {
        guard now > 0 || before > 0 else { return "No interactions this week" }
        let count = "\(now) \(now == 1 ? "interaction" : "interactions")"
        if now == before { return count + ", the same as the week before" }
        return count + ", \(abs(now - before)) \(now > before ? "more" : "fewer") than the week before"
    }

    private static func who(_ coach: SeasonChanges.CoachWrote) -> String {
        coach.school == CoachListRow.unknownSchool ? coach.coach : "\(coach.coach) (\(coach.school))"
    }

    private static func more(_ count: Int, _ one: String, _ many: String) -> String {
        count > 0 ? " (and \(count) more \(count == 1 ? one : many))" : ""
    }

    /// `text` cut to at most `limit` characters at a word, with "…", when it is longer.
    public static func fit(_ text: String, limit: Int) -> String {
        guard text.count > limit else { return text }
        let room = text.prefix(limit - 1)
        // At the last space, unless that would keep less than half the room (a long word,
        // markup without spaces): then within the word.
        let space = room.lastIndex(of: " ").flatMap {
            room.distance(from: room.startIndex, to: $0) >= (limit - 1) / 2 ? $0 : nil
        }
        let cut = space.map { room[..<$0] } ?? room
        return cut.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: ",;:")) + "…"
    }
}
