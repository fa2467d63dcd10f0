/// Blocks kept together on a page, and two columns side by side (`PDFBlock.together`,
/// `PDFBlock.columns`). Each is measured first by placing its blocks on a page of their own
/// without drawing, so that what the two passes place and what a column takes agree.
extension PageFlow {
    /// The room between two columns.
    static let columnGap = 24.0

    /// How tall `blocks` are when placed from the top of a page in a column `width` wide, or nil
    /// when they do not fit on one page.
    func height(of blocks: [PDFBlock], width: Double) throws -> Double? {
        var probe = PageFlow(size: size, canvas: nil, surface: nil, measure: measure)
        probe.contentWidth = width
        for block in blocks { try probe.place(block, plan: nil) }
        return probe.page == 1 ? probe.y - PageFlow.margin : nil
    }

    /// The blocks on a new page when they do not fit on this one; placed as usual when they
    /// would not fit on any.
    mutating func placeTogether(_ blocks: [PDFBlock]) throws {
        if let height = try height(of: blocks, width: contentWidth) { reserve(height) }
        for block in blocks { try place(block, plan: nil) }
    }

    /// The first column's blocks from the left edge, then the second's from the middle, both
    /// from the same top, on one page; below them the taller one's bottom. Columns that would
    /// not fit on a page are placed one after the other at the width there is.
    mutating func placeColumns(_ first: [PDFBlock], _ second: [PDFBlock]) throws {
        let width = (contentWidth - Self.columnGap) / 2
        guard let firstHeight = try height(of: first, width: width),
            let secondHeight = try height(of: second, width: width)
        else {
            for block in first + second { try place(block, plan: nil) }
            return
        }
        let height = max(firstHeight, secondHeight)
        reserve(height)
        let (top, edge, whole, breaking) = (y, left, contentWidth, breaks)
        (contentWidth, breaks, chartPlotTop) = (width, false, plotTop(of: first, and: second, width: width))
        for block in first { try place(block, plan: nil) }
        (y, left) = (top, edge + width + Self.columnGap)
        for block in second { try place(block, plan: nil) }
        (y, left, contentWidth, breaks, chartPlotTop) = (top + height, edge, whole, breaking, nil)
    }

    /// For two columns that are each one line chart, the lower of their plots' tops, so that
    /// both plots start there; nil for any other columns.
    private func plotTop(of first: [PDFBlock], and second: [PDFBlock], width: Double) -> Double? {
        guard case .lineChart(let left)? = first.first, first.count == 1,
            case .lineChart(let right)? = second.first, second.count == 1
        else { return nil }
        return max(
            left.layout(width: width, measure: measure).plotTop,
            right.layout(width: width, measure: measure).plotTop
        )
    }
}
