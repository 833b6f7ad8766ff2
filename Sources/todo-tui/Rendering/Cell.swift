/// One column of one row of a `Screen`.
///
/// A wide character occupies two cells: its lead cell (`width == 2`) holds the character, and
/// the cell to its right is a continuation (`width == 0`, character " ") that carries the same
/// style and is never drawn on its own. `Screen` keeps this pairing intact through every write.
struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown; " " for blank cells and continuations.
    let character: Character
    private let storedWidth: UInt8
    /// How the cell is drawn.
    var style: CellStyle

    /// - Parameters:
    ///   - character: a printable cluster (`InertText` makes text so).
    ///   - width: 1 (narrow), 2 (lead of a wide character) or 0 (continuation).
    ///   - style: how it is drawn.
    init(character: Character, width: Int, style: CellStyle) {
        precondition((0...2).contains(width), "A cell is 0, 1 or 2 columns wide, not \(width).")
        self.character = character
        self.storedWidth = UInt8(width)
        self.style = style
    }

    /// 1 for a narrow character, 2 for the lead of a wide one, 0 for a continuation.
    var width: Int { Int(storedWidth) }

    /// Whether this is the right half of a wide character.
    var isContinuation: Bool { storedWidth == 0 }

    /// A space in `style`.
    static func blank(_ style: CellStyle = .plain) -> Cell {
        Cell(character: " ", width: 1, style: style)
    }

    /// The right half of a wide character drawn in `style`.
    static func continuation(_ style: CellStyle) -> Cell {
        Cell(character: " ", width: 0, style: style)
    }
}
