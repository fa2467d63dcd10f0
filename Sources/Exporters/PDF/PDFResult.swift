import CPangoCairo
import Core
import Foundation

/// What rendering a document produced.
public struct PDFResult: Sendable {
    public let pages: Int
    /// Characters no installed font could draw, one warning per text.
    public let warnings: [String]
}
