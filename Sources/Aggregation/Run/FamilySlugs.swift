import Synchronization

/// The unique slugs of one database's families, as `Slug.unique` makes them, each made when
/// first asked for. A family's slug is made with those of the families whose slug could be
/// the same, not with every family's: a command for one family then folds no other name
/// (a name in another script costs ICU's transliterator, about 0.15 s; docs/internals.md).
package final class FamilySlugs: Sendable {
    private let families: [(id: String, name: String?)]
    /// Each family's index in `families` by its id: the last row of an id a database holds
    /// twice, whose name `Slug.unique` slugs it by.
    private let indexByID: [String: Int]
    /// The families by their id part (`Slug.idPart`): a family whose id part is not empty has
    /// a slug that is that part, or ends with `-` and that part.
    private let indicesByIDPart: [String: [Int]]
    /// The unique slugs made so far, by family id.
    private let made = Mutex<[String: String]>([:])

    package init(_ families: [(id: String, name: String?)]) {
        self.families = families
        var indexByID: [String: Int] = [:]
        var indicesByIDPart: [String: [Int]] = [:]
        for (index, family) in families.enumerated() {
            indexByID[family.id] = index
            indicesByIDPart[Slug.idPart(family.id), default: []].append(index)
        }
        self.indexByID = indexByID
        self.indicesByIDPart = indicesByIDPart
    }

    /// The family's unique slug, the one `Slug.unique` gives it among these families; nil for
    /// an id none of them has. Only the families whose id part ends the family's own slug at a
    /// dash (or is empty) can share it, so only theirs are made too.
    package func slug(of id: String) -> String? {
        if let known = made.withLock({ $0[id] }) { return known }
        guard let index = indexByID[id] else { return nil }
        let slug = Slug.family(name: families[index].name, id: id)
        let candidates = Self.endings(of: slug).flatMap { indicesByIDPart[$0] ?? [] } + (indicesByIDPart[""] ?? [])
        let shared = candidates.contains { other in
            families[other].id != id && Slug.family(name: families[other].name, id: families[other].id) == slug
        }
        let unique = shared ? "\(slug)-\(Slug.hash(id))" : slug
        made.withLock { $0[id] = unique }
        return unique
    }

    /// Every family's unique slug by id: `Slug.unique` of them all.
    package func all() -> [String: String] {
        Slug.unique(families)
    }

    /// `slug` and each part of it after a dash: the id parts a slug equal to it could end with.
    private static func endings(of slug: String) -> [String] {
        var endings = [slug]
        var rest = Substring(slug)
        while let dash = rest.firstIndex(of: "-") {
            rest = rest[rest.index(after: dash)...]
            endings.append(String(rest))
        }
        return endings
    }
}
