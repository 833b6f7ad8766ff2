/// The list's keys as data: which keys run which command, and how the key table says what they
/// do. The list's key handling (`TodoApp.handleBrowse(_:)`), the `?` overlay (`HelpOverlay`),
/// the key hints at the bottom of the list and the man page's KEYS section (kept in step by a
/// test) all come from one map, `standard`; a new command is one more line in it.
///
/// Modes other than browsing (the editors, a conflict, the key table itself) keep their own
/// keys; only `suspend` acts in every mode.
struct KeyMap: Sendable {
    /// The key table, in the order it is shown.
    let lines: [KeyMapLine]
    private let commandsByKey: [Key: BrowseCommand]

    /// A map of `lines`. A key bound twice is a precondition failure.
    /// - Complexity: O(keys).
    init(lines: [KeyMapLine]) {
        self.lines = lines
        var commandsByKey: [Key: BrowseCommand] = [:]
        for (command, keys) in lines.flatMap(\.bindings) {
            for key in keys {
                let earlier = commandsByKey.updateValue(command, forKey: key)
                precondition(earlier == nil, "\(key) is bound to both \(earlier.map(\.rawValue) ?? "") and \(command).")
            }
        }
        self.commandsByKey = commandsByKey
    }

    /// The command `key` runs while browsing, if any.
    /// - Complexity: O(1).
    func command(for key: Key) -> BrowseCommand? {
        commandsByKey[key]
    }

    /// The keys that run `command`, its main one first; empty when it has none.
    /// - Complexity: O(lines).
    func keys(for command: BrowseCommand) -> [Key] {
        lines.lazy.flatMap(\.bindings).first { $0.command == command }?.keys ?? []
    }

    /// The commands the line under the list names, with the word it names each by.
    static let hintedCommands: [(command: BrowseCommand, word: String)] = [
        (.add, "add"), (.edit, "edit"), (.delete, "delete"), (.done, "done"), (.date, "date"), (.filter, "filter"),
        (.undo, "undo"), (.help, "keys"), (.quit, "quit"),
    ]

    /// The line under the list: each hinted command's main key and word
    /// ("a add  e edit  …  q quit").
    var hints: String {
        Self.hintedCommands.compactMap { command, word in
            keys(for: command).first.map { "\($0.label) \(word)" }
        }.joined(separator: "  ")
    }

    /// The keys todo-tui comes with.
    static let standard = KeyMap(lines: [
        KeyMapLine("next / previous item", [(.down, ["j", "down"]), (.up, ["k", "up"])]),
        KeyMapLine("first / last item", [(.first, ["g", "home"]), (.last, ["G", "end"])]),
        KeyMapLine("page down / up", [(.pageDown, ["pgdn"]), (.pageUp, ["pgup"])]),
        KeyMapLine("add to the selected day (due:fri start:mon #tag !!)", [(.add, ["a"])]),
        KeyMapLine("edit the text", [(.edit, ["e", "enter"])]),
        KeyMapLine("delete (u undoes)", [(.delete, ["d", "delete"])]),
        KeyMapLine("toggle done", [(.done, ["x", "space"])]),
        KeyMapLine("cycle colour", [(.color, ["c"])]),
        KeyMapLine("cycle priority: none, low !, medium !!, high !!!", [(.priority, ["p"])]),
        KeyMapLine("edit tags, space-separated (#work home)", [(.tags, ["#"])]),
        KeyMapLine(
            "edit notes: Enter new line, Ctrl-S saves, Esc cancels (asks if changed)", [(.notes, ["n"])]),
        KeyMapLine("change date: today, tomorrow, mon, +3d, 2025-01-31; empty: none", [(.date, ["t"])]),
        KeyMapLine("change start (not before), as the date; empty: none", [(.start, ["s"])]),
        KeyMapLine("undo / redo", [(.undo, ["u"]), (.redo, ["U", "ctrl-r"])]),
        KeyMapLine("filter as you type (Esc clears)", [(.filter, ["/"]), (.clearFilter, ["esc"])]),
        KeyMapLine(
            "order: oldest first, newest first (by priority within a day), by time", [(.order, ["o"])]),
        KeyMapLine("write the whole list to a new file", [(.copy, ["W"])]),
        KeyMapLine("sync with the CalDAV server now (todo-tui sync setup)", [(.sync, ["S"])]),
        KeyMapLine("this help", [(.help, ["?"])]),
        KeyMapLine("suspend (fg resumes)", [(.suspend, ["ctrl-z"])]),
        KeyMapLine("quit (everything is saved)", [(.quit, ["q", "ctrl-c"])]),
    ])
}
