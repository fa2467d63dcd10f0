import Aggregation
import SeededRandom
import Testing

/// `FamilySlugs` makes one family's slug without every other family's: it must be the slug
/// `Slug.unique` gives it among them all.
struct FamilySlugsTests {
    @Test func aSlugThatEndsWithAnotherFamilysIdPartIsMadeUniqueAsTheWholeListMakesIt() {
        // "x" with id "y-z" and "x-y" with id "z" both slug to "x-y-z".
        let families: [(id: String, name: String?)] = [
            ("y-z", "x"), ("z", "x-y"), ("1cc52098-aa", "Rivera Family"), ("1cc52098-bb", "Rivera Family"),
            ("", "family"), ("..", nil), ("920a19eb", "田中 Tanaka Family 🏈"), ("other", "Rivera"),
        ]
        let slugs = FamilySlugs(families)
        let whole = Slug.unique(families)
        for family in families {
            #expect(slugs.slug(of: family.id) == whole[family.id], "\(family)")
        }
        #expect(whole["y-z"] != "x-y-z" && whole["z"] != "x-y-z")
        #expect(slugs.slug(of: "no such id") == nil)
        #expect(slugs.all() == whole)
    }

    /// Families drawn from few names and ids, so that slugs are shared often, in every way a
    /// slug can end: a family's slug from `FamilySlugs` is `Slug.unique`'s.
    @Test(arguments: 0..<20)
    func everyFamilysSlugIsTheOneTheWholeListGivesIt(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let names: [String?] = [
            nil, "", "x", "x-y", "X Y", "Rivera", "Rivera Family", "rivera", "Ñandú", "田中", "🏈", "y z",
        ]
        let ids = ["", "z", "y-z", "Z", "y", "1cc52098", "1cc52098-x", "rivera", "family", "..", "a-b-c", "x-y-z"]
        var families: [(id: String, name: String?)] = []
        for _ in 0..<random.int(1...12) {
            families.append(
                (random.pick(ids) + (random.chance(0.3) ? "-\(random.int(0...3))" : ""), random.pick(names))
            )
        }
        let slugs = FamilySlugs(families)
        let whole = Slug.unique(families)
        for family in families.shuffled(using: &random) {
            #expect(slugs.slug(of: family.id) == whole[family.id], "\(family) among \(families)")
        }
    }
}
