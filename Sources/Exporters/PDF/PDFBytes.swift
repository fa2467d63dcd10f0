import Core
import Foundation

/// Where the bytes cairo wrote can be read back: memory, or the scratch file of a large pdf.
protocol PDFBytes: AnyObject {
    /// Up to `count` bytes from `offset`.
    func read(at offset: Int, count: Int) throws -> [UInt8]
}

extension ByteSink: PDFBytes {}
