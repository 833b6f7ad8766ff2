/// What a key does in the line editor (adding, editing, dates, tags, the filter, the copy's path)
/// and the notes editor, by the name a configuration file's `[keys.editor]` binds keys to.
///
/// Printable characters always type themselves, so these commands take only other keys (arrows,
/// Enter, Ctrl-letters and the like).
enum EditorCommand: String, CaseIterable, Sendable {
    /// The line editor's Enter: apply the line.
    case submit
    case cancel, left, right
    /// The notes editor's line up and down.
    case up, down
    case lineStart = "line-start"
    case lineEnd = "line-end"
    case deleteBefore = "delete-before"
    case deleteAfter = "delete-after"
    case deleteToStart = "delete-to-start"
    case deleteToEnd = "delete-to-end"
    case deleteWord = "delete-word"
    /// The notes editor's Enter: a line break.
    case newLine = "new-line"
    /// The notes editor's Ctrl-S: save the notes.
    case save

    /// The two editors.
    enum Editor: Sendable, CaseIterable {
        case line, notes
    }

    /// The editors the command acts in.
    var editors: [Editor] {
        switch self {
        case .submit: [.line]
        case .up, .down, .newLine, .save: [.notes]
        default: [.line, .notes]
        }
    }

    /// What the command does, for `todo-tui config keys` and the configuration's comments.
    var summary: String {
        switch self {
        case .submit: "apply the line (add, edit, date, tags, filter, copy)"
        case .cancel: "leave the editor without applying (the notes editor asks if changed)"
        case .left: "cursor one character left"
        case .right: "cursor one character right"
        case .up: "notes: cursor one line up"
        case .down: "notes: cursor one line down"
        case .lineStart: "cursor to the start of the line"
        case .lineEnd: "cursor to the end of the line"
        case .deleteBefore: "erase the character before the cursor"
        case .deleteAfter: "erase the character after the cursor"
        case .deleteToStart: "erase to the start of the line"
        case .deleteToEnd: "erase to the end of the line"
        case .deleteWord: "erase the word before the cursor"
        case .newLine: "notes: start a new line"
        case .save: "notes: save them"
        }
    }
}
