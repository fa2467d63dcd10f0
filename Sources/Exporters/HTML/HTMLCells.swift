import Foundation

/// The pieces of an html page that a template repeats: stat cards, notes, a table's columns
/// and a row's cells, as Mustache data (dictionaries, arrays, strings and booleans). Every
/// value is text to escape; colours are CSS custom properties (`HTMLColors`). Each dictionary
/// holds every key its kind may have, `false` when absent, so that a Mustache section of a
/// missing key never finds a key of an enclosing one.
public enum HTMLCells {
    /// Stat cards: `label`, `value`, `note` and `change` (or false), `style`.
    public static func cards(_ cards: [PDFCard]) -> [[String: Any]] {
        cards.map { card in
            [
                "label": HTMLText.shown(card.label), "value": HTMLText.shown(card.value),
                "note": card.note.map { HTMLText.shown($0) as Any } ?? false,
                // Two lines where the pdf breaks it ("+4", "on Nov 9 – Nov 15"): a template keeps the
                // break with `white-space: pre-line`, or reads it as a space.
                "change": card.change.map { HTMLText.shown($0) as Any } ?? false,
                "style": HTMLColors.cardStyle(card.color),
            ]
        }
    }

    /// A note: `text`, `muted` (the pdf's default grey), `tone` (a colour's style) or false.
    public static func note(_ text: String, color: PDFColor?) -> [String: Any] {
        let muted = color == nil || color == .muted
        let plain = muted || color == .text
        return [
            "text": HTMLText.shown(text), "muted": muted,
            "tone": plain ? false : HTMLColors.style(HTMLColors.tone(color ?? .text)),
        ]
    }

    /// A table's columns: `title` and `num` (aligned right).
    public static func columns(_ columns: [PDFTable.Column]) -> [[String: Any]] {
        columns.map { ["title": HTMLText.shown($0.title), "num": $0.alignRight] }
    }

    /// A row: `cells`, the first a header of its row (`head`), each with `num` and `lines`.
    public static func row(_ cells: [PDFCell], columns: [PDFTable.Column]) -> [String: Any] {
        [
            "cells": cells.enumerated().map { index, cell -> [String: Any] in
                [
                    "head": index == 0, "num": index < columns.count && columns[index].alignRight,
                    "lines": pieces(cell),
                ]
            }
        ]
    }

    /// A cell's lines: one for a plain cell, one a detail for a stack, none for an empty cell.
    /// Each line has `text` and what sets it apart: `strong`, `muted`, `tone`, `href`, `badge`,
    /// `meter` (a bar's width, "75%") with `meter_style`, `mark` with `mark_label` and `mark_style`.
    static func pieces(_ cell: PDFCell) -> [[String: Any]] {
        switch cell {
        case .text(let text, let color, let bold):
            let muted = color == .muted
            let toned = color.map { !muted && $0 != .text } ?? false
            return [
                piece(
                    text,
                    strong: bold,
                    muted: muted,
                    tone: toned ? HTMLColors.style(HTMLColors.tone(color ?? .text)) : nil
                )
            ]
        case .badge(let text, let color):
            return [piece(text, badge: HTMLColors.badgeStyle(color))]
        case .bar(let fraction, let color, let label):
            let width = HTMLText.number(max(0, min(1, fraction)) * 100) + "%"
            let bar = (light: color, dark: HTMLColors.line(color).dark)
            return [piece(label, meter: (width, HTMLColors.style(bar)))]
        case .link(let text, let url):
            return [piece(text, href: safeLink(url))]
        case .stack(let cells):
            return cells.flatMap(pieces)
        case .empty:
            return []
        }
    }

    /// A link's address when it is one a page may hold: mailto:, tel:, https: or http:; nil for
    /// any other (javascript:, data:), whose text is then shown without a link.
    static func safeLink(_ url: String) -> String? {
        let lower = url.lowercased()
        guard ["mailto:", "tel:", "https://", "http://"].contains(where: { lower.hasPrefix($0) }),
            !url.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" })
        else { return nil }
        return url
    }

    /// Puts a mark before the first line of a row's first cell (the schools' favourite star), in
    /// `color`, with the words a screen reader says for it (`mark_label`).
    public static func mark(_ row: inout [String: Any], symbol: String, label: String, color: PDFColor) {
        guard var cells = row["cells"] as? [[String: Any]], var lines = cells.first?["lines"] as? [[String: Any]]
        else { return }
        if lines.isEmpty { lines.append(piece("")) }
        lines[0]["mark"] = symbol
        lines[0]["mark_label"] = label
        lines[0]["mark_style"] = HTMLColors.style(HTMLColors.tone(color))
        cells[0]["lines"] = lines
        row["cells"] = cells
    }

    static func piece(
        _ text: String,
        strong: Bool = false,
        muted: Bool = false,
        tone: String? = nil,
        href: String? = nil,
        badge: String? = nil,
        meter: (width: String, style: String)? = nil
    ) -> [String: Any] {
        [
            "text": HTMLText.shown(text), "strong": strong, "muted": muted, "tone": tone ?? false,
            "href": href ?? false, "badge": badge ?? false, "meter": meter?.width ?? false,
            "meter_style": meter?.style ?? false, "mark": false, "mark_label": false, "mark_style": false,
        ]
    }
}
