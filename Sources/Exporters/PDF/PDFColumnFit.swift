import Foundation

/// What a column of a pdf table does when the page is too narrow for every column's content.
public enum PDFColumnFit: Sendable {
    /// Narrows, its text ending in "…" (the default).
    case shrink
    /// Narrows to as little as half its content, the text wrapping onto a second line: for
    /// what identifies a row (a school's or a coach's name, a subject).
    case wrap
    /// Keeps the width of its widest content: what is useless cut (a phone number, an e-mail).
    case whole
    /// Narrows to as little as its longest word, the text wrapping onto as many lines as it
    /// needs (up to `PDFTable.maxCellLines`) and its row growing to hold them: what must never
    /// be cut (a school's name, a person's name, a location).
    case grow
}
