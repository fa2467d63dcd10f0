import Aggregation
import Core
import Synchronization

/// Which family writes into which folder: a second family whose folder resolves to one
/// already taken fails, and never writes there (not even its manifest).
final class FolderClaims: Sendable {
    private let owners = Mutex<[String: FamilyUnit]>([:])

    func claim(_ folder: String, for family: FamilyUnit) throws {
        let owner = owners.withLock { owners -> FamilyUnit in
            if let owner = owners[folder] { return owner }
            owners[folder] = family
            return family
        }
        guard owner.id == family.id else {
            throw OutputError(
                path: folder,
                reason: "it is already the folder of \(owner.displayName) (\(owner.id)) in this run; "
                    + "the job's folder pattern must tell families apart ({family_slug} does)"
            )
        }
    }
}
