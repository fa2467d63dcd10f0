/// The tool's version, written into manifests and document properties.
public enum ToolVersion {
    public static let current = "0.1.0"
    public static let creator = "report-batch \(current)"
}
