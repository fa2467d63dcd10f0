import Foundation

/// A row of a list export: every list sorts with a final tie-break on its id.
public protocol ListRow {
    var id: String { get }
}
