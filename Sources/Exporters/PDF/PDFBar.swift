import Foundation

public struct PDFBar: Sendable {
    public let label: String
    public let value: Double
    public let color: PDFColor

    public init(label: String, value: Double, color: PDFColor) {
        self.label = label
        self.value = value
        self.color = color
    }
}
