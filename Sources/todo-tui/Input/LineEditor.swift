/// A one-line text editor with readline keys, for adding, editing, re-dating and filtering.
///
/// The cursor moves over grapheme clusters (a Korean syllable, an emoji with modifiers and a
/// letter with its accents are one step each) and the text scrolls horizontally by display
/// width, so wide characters never split. Keys: printable characters insert; the others run
/// the commands an `EditorKeyMap` binds them to — by the standard map Left/Right, Home/End
/// (Ctrl-A/Ctrl-E) move; Backspace/Delete erase one cluster; Ctrl-U erases to the start, Ctrl-K
/// to the end, Ctrl-W the word before the cursor; Enter submits; Esc or Ctrl-C cancels. A
/// prefilled text can start selected (drawn in reverse video), as a form field's suggestion: the
/// first printable character replaces it, `delete-before` or `delete-after` (Backspace, Delete)
/// erases it, and any other editing key keeps it and edits from there.
struct LineEditor: Equatable {
    /// What a key did.
    enum Outcome: Equatable {
        /// The text or the cursor changed (or could not, e.g. Backspace at the start).
        case edited
        /// Enter: the text as it stands.
        case submitted(String)
        /// Esc or Ctrl-C.
        case cancelled
        /// Not an editing key; the caller may handle it.
        case ignored
    }

    private var characters: [Character]
    /// The cursor as an index into the text's grapheme clusters, 0...count.
    private(set) var cursor: Int
    /// Whether the whole text is selected: true from `init(text:selected:)` until the first key.
    private(set) var isSelected: Bool

    /// An editor holding `text` with the cursor at its end.
    /// - Parameter selected: start with the whole text selected, so that typing replaces it.
    init(text: String = "", selected: Bool = false) {
        characters = Array(text)
        cursor = characters.count
        isSelected = selected && !characters.isEmpty
    }

    var text: String { String(characters) }

    /// Applies one key: a printable character types itself; any other key runs the command
    /// `keys` binds it to in the line editor (`EditorKeyMap`).
    /// - Complexity: O(1) amortised for typing at the end (a paste), O(n) in the text length
    ///   for edits in the middle, O(1) for moves; the caller must hold the only copy (see
    ///   `TodoApp.handle`), or the first edit copies the text.
    mutating func handle(_ key: Key, keys: EditorKeyMap = .standard) -> Outcome {
        let command = keys.command(for: key, in: .line)
        if isSelected {
            isSelected = false
            switch command {
            case .deleteBefore, .deleteAfter:
                characters.removeAll()
                cursor = 0
                return .edited
            case nil where key.isPrintable:
                characters.removeAll()
                cursor = 0
            default:
                break
            }
        }
        guard let command else {
            guard case .character(let character) = key, key.isPrintable else { return .ignored }
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        }
        return run(command)
    }

    private mutating func run(_ command: EditorCommand) -> Outcome {
        switch command {
        case .submit: return .submitted(text)
        case .cancel: return .cancelled
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = characters.count
        case .deleteBefore:
            guard cursor > 0 else { return .edited }
            cursor -= 1
            characters.remove(at: cursor)
        case .deleteAfter:
            guard cursor < characters.count else { return .edited }
            characters.remove(at: cursor)
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .deleteWord:
            let start = wordStart(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up, .down, .newLine, .save, .newList, .renameList, .deleteList:
            return .ignored
        }
        return .edited
    }

    /// Where the word before `index` starts: skip white space backwards, then non-white space.
    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// Draws the visible part of the text in `width` columns at (`row`, `column`) and places the
    /// screen's cursor. The text scrolls so that the cursor and one column after it stay visible.
    /// - Complexity: O(width) plus O(cursor) to find the scroll start.
    func render(into screen: inout Screen, row: Int, column: Int, width: Int, style: CellStyle = .plain) {
        guard width > 0 else { return }
        let start = scrollStart(width: width)
        let visible = characters[start...].prefix(width)
        screen.write(
            String(visible), row: row, column: column, style: isSelected ? style.adding(.reverse) : style,
            maxWidth: width)
        let cursorColumn = InertText.width(of: String(characters[start..<cursor]))
        screen.cursor = ScreenPosition(row: row, column: column + min(cursorColumn, width - 1))
    }

    /// The first visible cluster: the latest start that keeps the cursor within `width - 1`
    /// columns of it.
    private func scrollStart(width: Int) -> Int {
        var start = cursor, used = 0
        while start > 0 {
            // All of the cluster's glyphs: CR LF or a letter with tag characters draws as several.
            let next = InertText.width(of: String(characters[start - 1]))
            guard used + next <= width - 1 else { break }
            used += next
            start -= 1
        }
        return start
    }
}
