import Foundation

/// A document of the pdf renderer: metadata, page orientation, and blocks laid out top to
/// bottom, breaking across pages.
/// Not Sendable: a table may hold a spool of rows in a file.
public struct PDFDocument {
    public enum Orientation: Sendable {
        case portrait
        case landscape
    }

    public var title: String
    public var subject: String
    public var creator: String
    /// The creation date written into the metadata, from the run's clock.
    public var created: Date
    /// The generation time as every footer shows it, e.g. "Generated Nov 23, 2026, 1:00 AM".
    public var footer: String
    public var orientation: Orientation
    public var blocks: [PDFBlock]

    public init(
        title: String,
        subject: String,
        creator: String,
        created: Date,
        footer: String,
        orientation: Orientation,
        blocks: [PDFBlock] = []
    ) {
        self.title = title
        self.subject = subject
        self.creator = creator
        self.created = created
        self.footer = footer
        self.orientation = orientation
        self.blocks = blocks
    }
}
