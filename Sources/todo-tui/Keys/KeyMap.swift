/// The list's keys as data: which keys run which command, and how the key table says what they
/// do. The list's key handling (`TodoApp.handleBrowse(_:)`), the `?` overlay (`HelpOverlay`),
/// the key hints at the bottom of the list, the sentences that name a key ("u to undo") and the
/// man page's KEYS section (kept in step by a test) all come from the map in force: `standard`,
/// or what a configuration file's `[keys]` makes of it (`rebinding(_:)`); a new command is one
/// more line in `standard`.
///
/// The editors keep their own map (`EditorKeyMap`); the key table scrolls with the list's
/// movement keys; a conflict keeps its own keys; only `suspend` acts in every mode.
struct KeyMap: Sendable {
    /// The key table, in the order it is shown.
    let lines: [KeyMapLine]
    /// Every key with its command, in the table's order.
    private let bindings: [(key: Key, command: BrowseCommand)]

    /// A map of `lines`. A key bound twice is a precondition failure.
    /// - Complexity: O(keys²), for a few dozen keys.
    init(lines: [KeyMapLine]) {
        self.lines = lines
        bindings = lines.flatMap(\.bindings).flatMap { command, keys in keys.map { ($0, command) } }
        for (index, binding) in bindings.enumerated() {
            let earlier = bindings[..<index].first { $0.key == binding.key }
            precondition(
                earlier == nil,
                "\(binding.key) is bound to both \(earlier?.command.rawValue ?? "") and \(binding.command).")
        }
    }

    /// The command `key` runs while browsing, if any.
    /// - Complexity: O(keys): a few dozen comparisons, less than reading the key. (A dictionary
    ///   would make every start hash each key's character, which costs more than all the key
    ///   presses of a session look up.)
    func command(for key: Key) -> BrowseCommand? {
        bindings.first { $0.key == key }?.command
    }

    /// The keys that run `command`, its main one first; empty when it has none.
    /// - Complexity: O(lines).
    func keys(for command: BrowseCommand) -> [Key] {
        lines.lazy.flatMap(\.bindings).first { $0.command == command }?.keys ?? []
    }

    /// How a sentence names `command`'s main key ("u", "Ctrl-R", "Esc"); nil when it has none.
    func label(_ command: BrowseCommand) -> String? {
        keys(for: command).first?.label
    }

    /// "`<main key> <words>`" ("u to undo"), for the sentences that tell what a key does next;
    /// nil when the command has no key, so that no sentence names a key that does nothing.
    func phrase(_ command: BrowseCommand, _ words: String) -> String? {
        label(command).map { "\($0) \(words)" }
    }

    /// " — `<main key> <words>`" to end a sentence with ("Deleted 'x' — u to undo"), or nothing
    /// when the command has no key.
    func suffix(_ command: BrowseCommand, _ words: String) -> String {
        phrase(command, words).map { " — " + $0 } ?? ""
    }

    /// "U or Ctrl-R": every key of `command`, as a sentence lists them; nil when it has none.
    func spelledKeys(_ command: BrowseCommand) -> String? {
        let labels = keys(for: command).map(\.label)
        guard let last = labels.last else { return nil }
        return labels.count == 1 ? last : labels.dropLast().joined(separator: ", ") + " or " + last
    }

    /// This map with each command `keys` gives keys for bound to them (none: unbound), the
    /// other commands (nil) keeping theirs; the lines and their order stay. The keys must not
    /// clash (a configuration file's reader checks that first, naming the line).
    /// - Complexity: O(keys²), for a few dozen keys.
    func rebinding(_ keys: (BrowseCommand) -> [Key]?) -> KeyMap {
        KeyMap(
            lines: lines.map { line in
                line.replacingKeys { command, old in keys(command) ?? old }
            })
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
        KeyMapLine("delete ({undo} undoes)", [(.delete, ["d", "delete"])]),
        KeyMapLine("toggle done", [(.done, ["x", "space"])]),
        KeyMapLine("cycle colour", [(.color, ["c"])]),
        KeyMapLine("cycle priority: none, low !, medium !!, high !!!", [(.priority, ["p"])]),
        KeyMapLine("edit tags, space-separated (#work home)", [(.tags, ["#"])]),
        KeyMapLine(
            "edit notes: {editor.new-line} new line, {editor.save} saves, {editor.cancel} cancels (asks if changed)",
            [(.notes, ["n"])]),
        KeyMapLine("change date: today, tomorrow, mon, +3d, 2025-01-31; empty: none", [(.date, ["t"])]),
        KeyMapLine("change start (not before), as the date; empty: none", [(.start, ["s"])]),
        KeyMapLine("repeat: weekly, every mon,thu, every 3 days after done; none", [(.repeat, ["r"])]),
        KeyMapLine("reminders: 15m, 1h, 1d (before due), at 9:00; none", [(.remind, ["b"])]),
        KeyMapLine(
            "a reminder on the status line: dismiss / snooze 10 min, 1 h, till tomorrow",
            [(.dismiss, ["B"]), (.snooze, ["z"]), (.snoozeHour, ["Z"]), (.snoozeDay, ["T"])]),
        KeyMapLine(
            "lists: type to find, {editor.submit} opens; {editor.new-list} new, {editor.rename-list} rename, "
                + "{editor.delete-list} delete", [(.lists, ["L"])]),
        KeyMapLine("move the to-do to another list (picked as with {lists})", [(.move, ["m"])]),
        KeyMapLine("undo / redo", [(.undo, ["u"]), (.redo, ["U", "ctrl-r"])]),
        KeyMapLine("filter as you type ({clear-filter} clears)", [(.filter, ["/"]), (.clearFilter, ["esc"])]),
        KeyMapLine(
            "order: oldest first, newest first (by priority within a day), by time", [(.order, ["o"])]),
        KeyMapLine("write the whole list to a new file", [(.copy, ["W"])]),
        KeyMapLine("sync with the CalDAV server now (todo-tui sync setup)", [(.sync, ["S"])]),
        KeyMapLine("this help", [(.help, ["?"])]),
        KeyMapLine("suspend (fg resumes)", [(.suspend, ["ctrl-z"])]),
        KeyMapLine("quit (everything is saved)", [(.quit, ["q", "ctrl-c"])]),
    ])
}
