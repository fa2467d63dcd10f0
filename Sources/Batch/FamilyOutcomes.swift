/// The outcomes of a run in the families' order, each read from the run's `OutcomeSpool`
/// when it is used rather than all held in memory.
package struct FamilyOutcomes: RandomAccessCollection, Sendable {
    let spool: OutcomeSpool
    package var startIndex: Int { 0 }
    package var endIndex: Int { spool.count }
    package subscript(position: Int) -> FamilyOutcome { spool.outcome(at: position) }
}
