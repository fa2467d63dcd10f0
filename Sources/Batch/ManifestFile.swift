import Aggregation
import Delivery

/// A file in a manifest.
package struct ManifestFile: Sendable {
    package let name: String
    package let format: String
    package let bytes: Int
    package let sha256: String
    package let rows: Int?
}
