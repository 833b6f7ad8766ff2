/// A multi-line text editor for an item's notes, with the line editor's keys.
///
/// Printable characters insert; the others run the commands an `EditorKeyMap` binds them to —
/// by the standard map: Enter starts a new line; Left/Right move by grapheme cluster
/// (across line ends), Up/Down by line (keeping the column where the line allows), Home/End
/// (Ctrl-A/Ctrl-E) to the start or end of the line; Backspace and Delete erase one cluster and
/// join lines at a line's edge; Ctrl-U erases to the start of the line, Ctrl-K to its end (at
/// the end, it joins the next line), Ctrl-W the word before the cursor. Ctrl-S saves; Esc or
/// Ctrl-C cancels (the app asks before discarding a change).
struct NotesEditor: Equatable {
    /// What a key did.
    enum Outcome: Equatable {
        /// The text or the cursor changed (or could not, e.g. Backspace at the start).
        case edited
        /// Ctrl-S: the text as it stands.
        case saved(String)
        /// Esc or Ctrl-C.
        case cancelled
        /// Not an editing key.
        case ignored
    }

    /// The lines, without their line breaks; never empty.
    private var lines: [[Character]]
    /// The cursor's line, 0..<lines.count.
    private(set) var line: Int
    /// The cursor's place in its line, as a grapheme cluster index, 0...lines[line].count.
    private(set) var column: Int
    /// The text the editor opened with, to tell whether anything changed.
    let originalText: String

    /// An editor holding `text` (lines split at `\n` and `\r\n`) with the cursor at its end.
    init(text: String = "") {
        var split: [[Character]] = [[]]
        for character in text {
            if character == "\n" || character == "\r\n" {
                split.append([])
            } else {
                split[split.count - 1].append(character)
            }
        }
        lines = split
        line = split.count - 1
        column = split[split.count - 1].count
        originalText = text
    }

    /// The text, lines joined by `\n`.
    var text: String { lines.map { String($0) }.joined(separator: "\n") }

    /// Whether the text differs from the one the editor opened with.
    var hasChanges: Bool { text != originalText }

    /// The number of lines (at least one).
    var lineCount: Int { lines.count }

    /// The text of line `index`.
    func text(ofLine index: Int) -> String { String(lines[index]) }

    /// Applies one key: a printable character types itself; any other key runs the command
    /// `keys` binds it to in the notes editor (`EditorKeyMap`).
    /// - Complexity: O(1) amortised for typing at the end of a line, O(n) in the line's length
    ///   for edits in its middle, O(lines) to split or join lines.
    mutating func handle(_ key: Key, keys: EditorKeyMap = .standard) -> Outcome {
        guard let command = keys.command(for: key, in: .notes) else {
            guard case .character(let character) = key, key.isPrintable else { return .ignored }
            lines[line].insert(character, at: column)
            column += 1
            return .edited
        }
        switch command {
        case .newLine:
            let rest = Array(lines[line][column...])
            lines[line].removeSubrange(column...)
            lines.insert(rest, at: line + 1)
            line += 1
            column = 0
        case .save: return .saved(text)
        case .cancel: return .cancelled
        case .left:
            if column > 0 {
                column -= 1
            } else if line > 0 {
                line -= 1
                column = lines[line].count
            }
        case .right:
            if column < lines[line].count {
                column += 1
            } else if line < lines.count - 1 {
                line += 1
                column = 0
            }
        case .up:
            guard line > 0 else { return .edited }
            line -= 1
            column = min(column, lines[line].count)
        case .down:
            guard line < lines.count - 1 else { return .edited }
            line += 1
            column = min(column, lines[line].count)
        case .lineStart: column = 0
        case .lineEnd: column = lines[line].count
        case .deleteBefore: deleteBackward()
        case .deleteAfter: deleteForward()
        case .deleteToStart:
            lines[line].removeSubrange(0..<column)
            column = 0
        case .deleteToEnd:
            if column == lines[line].count {
                deleteForward()
            } else {
                lines[line].removeSubrange(column...)
            }
        case .deleteWord:
            var start = column
            while start > 0, lines[line][start - 1].isWhitespace { start -= 1 }
            while start > 0, !lines[line][start - 1].isWhitespace { start -= 1 }
            lines[line].removeSubrange(start..<column)
            column = start
        case .submit, .newList, .renameList, .deleteList:
            return .ignored
        }
        return .edited
    }

    /// Erases the cluster before the cursor, or joins the line to the one above at its start.
    private mutating func deleteBackward() {
        if column > 0 {
            column -= 1
            lines[line].remove(at: column)
        } else if line > 0 {
            let removed = lines.remove(at: line)
            line -= 1
            column = lines[line].count
            lines[line].append(contentsOf: removed)
        }
    }

    /// Erases the cluster after the cursor, or joins the next line at a line's end.
    private mutating func deleteForward() {
        if column < lines[line].count {
            lines[line].remove(at: column)
        } else if line < lines.count - 1 {
            let next = lines.remove(at: line + 1)
            lines[line].append(contentsOf: next)
        }
    }

    /// Draws the lines in a `height` × `width` area at (`top`, `left`) and places the screen's
    /// cursor. The lines scroll so that the cursor's line is visible; the cursor's line scrolls
    /// horizontally so that the cursor and one column after it are; other lines are cut at the
    /// edge with an ellipsis.
    /// - Complexity: O(height × width) plus O(column) to find the scroll start.
    func render(into screen: inout Screen, top: Int, left: Int, width: Int, height: Int) {
        guard width > 1, height > 0 else { return }
        let first = max(0, line - height + 1)
        for index in first..<min(lines.count, first + height) {
            let row = top + index - first
            if index == line {
                let start = scrollStart(width: width)
                screen.write(String(lines[index][start...].prefix(width)), row: row, column: left, maxWidth: width)
                let cursorColumn = InertText.width(of: String(lines[index][start..<column]))
                screen.cursor = ScreenPosition(row: row, column: left + min(cursorColumn, width - 1))
            } else {
                screen.write(String(lines[index]), row: row, column: left, maxWidth: width, overflow: .ellipsis)
            }
        }
    }

    /// The first visible cluster of the cursor's line: the latest start that keeps the cursor
    /// within `width - 1` columns of it.
    private func scrollStart(width: Int) -> Int {
        var start = column, used = 0
        while start > 0 {
            let next = InertText.width(of: String(lines[line][start - 1]))
            guard used + next <= width - 1 else { break }
            used += next
            start -= 1
        }
        return start
    }
}
