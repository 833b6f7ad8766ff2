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
    /// The list picker's Ctrl-N: name a new list.
    case newList = "new-list"
    /// The list picker's Ctrl-R: rename the list under the selection.
    case renameList = "rename-list"
    /// The list picker's Ctrl-D: delete the list under the selection (asks when it holds to-dos).
    case deleteList = "delete-list"

    /// The editors: the line editor, the notes editor, and the list picker's line, where
    /// typing narrows the lists.
    enum Editor: Sendable, CaseIterable {
        case line, notes, picker
    }

    /// The editors the command acts in.
    var editors: [Editor] {
        switch self {
        case .submit: [.line, .picker]
        case .up, .down: [.notes, .picker]
        case .newLine, .save: [.notes]
        case .newList, .renameList, .deleteList: [.picker]
        default: [.line, .notes, .picker]
        }
    }

    /// What the command does, for `todo-tui config keys` and the configuration's comments.
    var summary: String {
        switch self {
        case .submit: "apply the line (add, edit, date, tags, filter, copy); open the list picked"
        case .cancel: "leave the editor without applying (the notes editor asks if changed)"
        case .left: "cursor one character left"
        case .right: "cursor one character right"
        case .up: "notes: cursor one line up; list picker: previous list"
        case .down: "notes: cursor one line down; list picker: next list"
        case .lineStart: "cursor to the start of the line"
        case .lineEnd: "cursor to the end of the line"
        case .deleteBefore: "erase the character before the cursor"
        case .deleteAfter: "erase the character after the cursor"
        case .deleteToStart: "erase to the start of the line"
        case .deleteToEnd: "erase to the end of the line"
        case .deleteWord: "erase the word before the cursor"
        case .newLine: "notes: start a new line"
        case .save: "notes: save them"
        case .newList: "list picker: name a new list"
        case .renameList: "list picker: rename the selected list"
        case .deleteList: "list picker: delete the selected list (asks when it holds to-dos)"
        }
    }
}
