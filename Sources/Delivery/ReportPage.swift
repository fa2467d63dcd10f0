import Foundation

/// The report's web page in the recap (docs/delivery.md, "The report's web page"): with the
/// job's `report_url`, every "and N more in the report" and the attachments' lines link to
/// the page on the family's web host. The address is the job's; who may open it is the
/// host's to decide (the app's login, a bucket's signed links), never a secret in the URL.
package enum ReportPage {
    /// The page's address: `template` (the job's `report_url`) with each `{placeholder}` of
    /// `values` filled, percent-encoded as a path's text, then a "/" when it does not end in
    /// one, then `fileName`.
    package static func url(template: String, values: [String: String], fileName: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#")
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            result +=
                values[name].map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
                ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        if !result.hasSuffix("/") { result += "/" }
        return result + (fileName.addingPercentEncoding(withAllowedCharacters: allowed) ?? fileName)
    }

    /// What a line of the attachments says for the page when the page itself is not attached.
    package static let description = "The full report as a web page"

    /// Links the recap's data to the page at `url` (the page `fileName`): `report_url`, which the
    /// templates wrap "and N more in the report" in, and the attachments: the page's own line
    /// (when it is attached) gets its `url`, else a line of its own leads the list.
    static func link(_ context: inout [String: Any], url: String, fileName: String) {
        context["report_url"] = url
        var lines = context["attachments"] as? [[String: Any]] ?? []
        for index in lines.indices where lines[index]["url"] == nil { lines[index]["url"] = false }
        if let index = lines.firstIndex(where: { $0["name"] as? String == fileName }) {
            lines[index]["url"] = url
        } else {
            lines.insert(["description": description, "name": fileName, "url": url, "last": lines.isEmpty], at: 0)
        }
        context["attachments"] = lines
        context["has_attachments"] = true
    }
}
