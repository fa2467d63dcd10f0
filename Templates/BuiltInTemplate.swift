/// The built-in templates: each is the one file of this folder it is named after, embedded in
/// the binary from there (Package.swift's `.embedInCode`), so that no copy of it exists
/// elsewhere. `--templates DIR` replaces any of them with a file of `DIR`, and
/// `report-batch templates --write DIR` writes these bytes for a user to change
/// (Templates/README.md).
package enum BuiltInTemplate: String, CaseIterable, Sendable {
    case reportHTML = "report.html.mustache"
    case listHTML = "list.html.mustache"
    case emailText = "email.txt.mustache"
    case emailHTML = "email.html.mustache"
    case summaryText = "summary.txt.mustache"
    case summaryHTML = "summary.html.mustache"
    case report = "report.yaml"
    case lists = "lists.yaml"
    case palette = "palette.yaml"

    /// The file's name, in this folder and in a `--templates` folder.
    package var fileName: String { rawValue }

    /// The file's bytes, as the repository holds them.
    package var bytes: [UInt8] {
        switch self {
        case .reportHTML: PackageResources.report_html_mustache
        case .listHTML: PackageResources.list_html_mustache
        case .emailText: PackageResources.email_txt_mustache
        case .emailHTML: PackageResources.email_html_mustache
        case .summaryText: PackageResources.summary_txt_mustache
        case .summaryHTML: PackageResources.summary_html_mustache
        case .report: PackageResources.report_yaml
        case .lists: PackageResources.lists_yaml
        case .palette: PackageResources.palette_yaml
        }
    }

    /// The file's text (UTF-8).
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}
