import Foundation

/// The text a pdf draws, sorted by what marks it, read with pdfminer.six's TagExtractor, which
/// follows marked content as a reader does: text inside an /Artifact sequence, and text
/// outside every marked-content sequence (which neither the structure tree nor the artifacts
/// hold: a reader would meet it nowhere, or in drawing order). One piece per text drawn.
public struct PDFMarkedText {
    public let artifacts: [String]
    public let unmarked: [String]

    static let script = """
        import io, re, sys
        from pdfminer.pdfdevice import TagExtractor
        from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
        from pdfminer.pdfpage import PDFPage
        manager = PDFResourceManager()
        out = io.BytesIO()
        interpreter = PDFPageInterpreter(manager, TagExtractor(manager, out, codec="utf-8"))
        with open(sys.argv[1], "rb") as pdf:
            for page in PDFPage.get_pages(pdf):
                interpreter.process_page(page)
        stack = []
        for piece in re.split(r"(<[^>]*>)", out.getvalue().decode("utf-8")):
            if piece.startswith("</"):
                stack.pop()
            elif piece.startswith("<") and not piece.endswith("/>"):
                stack.append(piece[1:-1].split()[0])
            elif not piece.startswith("<") and piece.strip():
                text = " ".join(piece.split())
                if "Artifact" in stack:
                    print("A\\t" + text)
                elif stack == ["page"]:
                    print("U\\t" + text)
        print("checked")
        """

    public static func read(_ path: String) throws -> PDFMarkedText {
        let result = try ReportBatchProcess.tool("python3", ["-c", script, path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        guard result.status == 0, lines.last == "checked" else {
            throw NSError(
                domain: "PDFMarkedText",
                code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: result.stderr]
            )
        }
        return PDFMarkedText(
            artifacts: lines.filter { $0.hasPrefix("A\t") }.map { String($0.dropFirst(2)) },
            unmarked: lines.filter { $0.hasPrefix("U\t") }.map { String($0.dropFirst(2)) }
        )
    }
}
