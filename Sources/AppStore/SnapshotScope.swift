import Aggregation

/// Which rows a snapshot copies (docs/postgres.md "Only what is needed is read").
package enum SnapshotScope: Sendable, Equatable {
    /// The named families' rows, and the users, memberships and preferences of their members.
    case families([String])
    /// Every family's rows; rows with no family are left out.
    case allFamilies
    /// Every row, those with no family included: what `check` reads.
    case everything
    /// The rows of a shard's families (`Shard`): of those listed, or of every family, the ones
    /// whose id hashes to the shard, looked up in the snapshot's own transaction. Every family
    /// row is copied, so that each family's slug is the one a whole run gives it (slugs are
    /// unique among all families).
    case shard(Shard, listed: [String]?)
}
