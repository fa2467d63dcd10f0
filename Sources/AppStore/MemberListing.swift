import Aggregation
import Core

/// A member of a family as `families --members` lists it: what `--as` and
/// `--logged-by` take, without SQL. Values are the stored text, unchecked (it is a listing,
/// not a report; `check` judges them).
package struct MemberListing: Sendable {
    package let familyID: String
    package let userID: String
    package let role: String?
    package let name: String?
    package let email: String?
}
