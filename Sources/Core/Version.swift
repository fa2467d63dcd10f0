/// The tool's version, written into manifests and document properties.
package enum ToolVersion {
    package static let current = "0.1.0"
    package static let creator = "report-batch \(current)"
}
