/// The editors' keys as data: which keys run which `EditorCommand`, read by `LineEditor` and
/// `NotesEditor`, shown by the notes editor's hints and `todo-tui config keys`, and rebound by
/// a configuration file's `[keys.editor]`.
struct EditorKeyMap: Sendable, Equatable {
    /// Each command's keys, its main one first, in `EditorCommand.allCases` order; a command
    /// without keys cannot be run.
    private var keysByCommand: [[Key]]

    /// A map of each command to `keys(command)`. A key bound to two commands of one editor, or a
    /// printable character bound at all, is a precondition failure (a configuration file's reader
    /// refuses both first).
    /// - Complexity: O(keys²), for a few dozen keys.
    init(_ keys: (EditorCommand) -> [Key]) {
        keysByCommand = EditorCommand.allCases.map(keys)
        for (command, keys) in zip(EditorCommand.allCases, keysByCommand) {
            for key in keys {
                precondition(!key.isPrintable, "\(key) types itself; an editor command cannot take it.")
                for editor in command.editors {
                    let owner = self.command(for: key, in: editor)
                    precondition(owner == command, "\(key) is bound to both \(owner?.rawValue ?? "") and \(command).")
                }
            }
        }
    }

    /// A map of each command's keys, in `EditorCommand.allCases` order, as given.
    private init(inOrder keysByCommand: [[Key]]) {
        self.keysByCommand = keysByCommand
    }

    /// The command `key` runs in `editor`, if any.
    /// - Complexity: O(keys): a few dozen comparisons, less than reading the key.
    func command(for key: Key, in editor: EditorCommand.Editor) -> EditorCommand? {
        for (command, keys) in zip(EditorCommand.allCases, keysByCommand)
        where keys.contains(key) && command.editors.contains(editor) {
            return command
        }
        return nil
    }

    /// The keys that run `command`, its main one first; empty when it has none.
    func keys(for command: EditorCommand) -> [Key] {
        keysByCommand[EditorCommand.allCases.firstIndex(of: command) ?? 0]
    }

    /// The main key's label ("Ctrl-S"), or nil when the command has no key.
    func label(_ command: EditorCommand) -> String? {
        keys(for: command).first?.label
    }

    /// The keys todo-tui comes with: readline's. (A test checks that `init` accepts them.)
    static let standard = EditorKeyMap(
        inOrder: EditorCommand.allCases.map { command in
            switch command {
            case .submit, .newLine: [.enter]
            case .cancel: [.escape, .control("c")]
            case .left: [.left]
            case .right: [.right]
            case .up: [.up]
            case .down: [.down]
            case .lineStart: [.home, .control("a")]
            case .lineEnd: [.end, .control("e")]
            case .deleteBefore: [.backspace]
            case .deleteAfter: [.delete]
            case .deleteToStart: [.control("u")]
            case .deleteToEnd: [.control("k")]
            case .deleteWord: [.control("w")]
            case .save: [.control("s")]
            case .newList: [.control("n")]
            case .renameList: [.control("r")]
            case .deleteList: [.control("d")]
            }
        })
}
