/// One line of the key table: one or more commands described together ("next / previous
/// item"), each with its keys, the first of which is its main one.
struct KeyMapLine: Sendable {
    /// The commands in the order the line names them, each with its keys.
    let bindings: [(command: BrowseCommand, keys: [Key])]
    /// What the commands do, where `{undo}` stands for the main key of the list's command `undo`
    /// and `{editor.save}` for the editors' `save` (`action(keys:editorKeys:)`).
    let template: String

    /// - Parameters:
    ///   - action: what the commands do.
    ///   - bindings: each command with its keys' names as `Key.parse` reads them and a
    ///     configuration file writes them (`j`, `down`, `ctrl-r`, `space`, `pgdn`). A name that
    ///     is no key is a precondition failure.
    init(_ action: String, _ bindings: [(BrowseCommand, [String])]) {
        self.template = action
        self.bindings = bindings.map { command, names in
            (
                command,
                names.map { name in
                    guard let key = Key.parse(name) else { preconditionFailure("'\(name)' is not a key name.") }
                    return key
                }
            )
        }
    }

    private init(template: String, bindings: [(command: BrowseCommand, keys: [Key])]) {
        self.template = template
        self.bindings = bindings
    }

    /// This line with each command's keys replaced by `newKeys(command, oldKeys)`.
    func replacingKeys(_ newKeys: (BrowseCommand, [Key]) -> [Key]) -> KeyMapLine {
        KeyMapLine(template: template, bindings: bindings.map { ($0.command, newKeys($0.command, $0.keys)) })
    }

    /// What the commands do, with the keys in force: `{undo}` becomes the undo key's label; a
    /// command without a key is named by its configuration name instead ("(undo undoes)").
    /// - Complexity: O(length of the text).
    func action(keys: KeyMap, editorKeys: EditorKeyMap) -> String {
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            text += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            if name.hasPrefix("editor."), let command = EditorCommand(rawValue: String(name.dropFirst(7))) {
                text += editorKeys.label(command) ?? command.rawValue
            } else if let command = BrowseCommand(rawValue: name) {
                text += keys.label(command) ?? command.rawValue
            } else {
                preconditionFailure("'\(name)' in a key table line names no command.")
            }
            rest = rest[rest.index(after: close)...]
        }
        return text + rest
    }

    /// `action(keys:editorKeys:)` with the standard keys: what the man page says.
    var standardAction: String {
        action(keys: .standard, editorKeys: .standard)
    }

    /// The keys as the key table shows them: one command's two spaces apart ("x  Space");
    /// several commands' by rank, the first key of each, then the second of each ("j k  ↓ ↑").
    /// - Complexity: O(keys).
    var keysLabel: String {
        guard bindings.count > 1 else {
            return bindings.first.map { $0.keys.map(\.label).joined(separator: "  ") } ?? ""
        }
        let ranks = bindings.map(\.keys.count).max() ?? 0
        return (0..<ranks).map { rank in
            bindings.compactMap { rank < $0.keys.count ? $0.keys[rank].label : nil }.joined(separator: " ")
        }.joined(separator: "  ")
    }
}
