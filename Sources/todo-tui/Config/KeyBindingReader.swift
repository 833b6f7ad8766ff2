/// Reads `[keys]` (the list's actions) and `[keys.editor]` (the editors') of a configuration
/// file: each action's key or keys (`done = ["x", "space"]`, `"none"` unbinds), then checks the
/// whole map they make with the built-in keys they leave: no key runs two actions, `suspend` —
/// which acts in every mode — takes only control keys and no editor action shares one, and no
/// editor action takes a key that types a character.
struct KeyBindingReader {
    /// An action's keys as the file gives them, each with its position, and the line.
    private struct Given {
        var keys: [(key: Key, position: TextPosition)]
        let line: Int
    }

    private let path: String
    /// What the file gives for each of the list's actions, in `BrowseCommand.allCases` order.
    private var list = [Given?](repeating: nil, count: BrowseCommand.allCases.count)
    /// The same for the editors' actions, in `EditorCommand.allCases` order.
    private var editor = [Given?](repeating: nil, count: EditorCommand.allCases.count)

    init(path: String) {
        self.path = path
    }

    /// Reads one `action = keys` line of `section` (`keys` or `keys.editor`).
    /// - Throws: `ConfigError` for an unknown action, a value that is not key names, an unknown
    ///   key name, a key given twice, a non-control key for `suspend`, a printable key for an
    ///   editor action.
    mutating func read(_ entry: TOMLDocument.Entry, section: String) throws(ConfigError) {
        let name = entry.key.path.last ?? ""
        let given = Given(keys: try keys(of: entry.value, action: name), line: entry.key.position.line)
        if section == "keys" {
            guard let command = BrowseCommand(rawValue: name) else {
                throw unknownAction(
                    name, at: entry.key.position, names: BrowseCommand.allCases.map(\.rawValue), in: "[keys]")
            }
            if command == .suspend, let key = given.keys.first(where: { !isControl($0.key) }) {
                throw ConfigError(
                    path: path, position: key.position,
                    message:
                        "suspend acts in every mode, typing included, so it takes only a control key (such as ctrl-z), "
                        + "not '\(key.key.configurationName)'.")
            }
            list[Self.index(command)] = given
        } else {
            guard let command = EditorCommand(rawValue: name) else {
                throw unknownAction(
                    name, at: entry.key.position, names: EditorCommand.allCases.map(\.rawValue), in: "[keys.editor]")
            }
            if let key = given.keys.first(where: { $0.key.isPrintable }) {
                throw ConfigError(
                    path: path, position: key.position,
                    message:
                        "'\(key.key.configurationName)' types itself in the editors, so \(name) cannot take it; give "
                        + "an editor action a key such as ctrl-b, left, home or tab.")
            }
            editor[Self.index(command)] = given
        }
    }

    /// One action's keys in force for the clash check: from the file (`given`) or built in.
    private struct Action {
        let name: String
        let keys: [Key]
        let given: Given?
    }

    /// Sets the keys in force on `configuration`, and where each action's came from.
    /// - Throws: `ConfigError` at a key that two actions share, at its later mention in the file.
    /// - Complexity: O(keys²), for a few dozen keys. Plain loops over arrays: a start-up reads
    ///   this, and generic sequence adapters and hashed characters each cost more than it.
    func apply(to configuration: inout Configuration) throws(ConfigError) {
        let listGiven = list.contains { $0 != nil }, editorGiven = editor.contains { $0 != nil }
        // The built-in keys never clash.
        guard listGiven || editorGiven else { return }
        var listActions: [Action] = []
        listActions.reserveCapacity(list.count)
        for (index, command) in BrowseCommand.allCases.enumerated() {
            let given = list[index]
            if let given { configuration.setSource(.file(line: given.line), of: "keys." + command.rawValue) }
            let keys = given.map { $0.keys.map(\.key) } ?? KeyMap.standard.keys(for: command)
            listActions.append(Action(name: command.rawValue, keys: keys, given: given))
        }
        try checkClashes(listActions)
        let keys = listGiven ? KeyMap.standard.rebinding { listActions[Self.index($0)].keys } : KeyMap.standard
        var editorActions: [Action] = []
        editorActions.reserveCapacity(editor.count)
        for (index, command) in EditorCommand.allCases.enumerated() {
            let given = editor[index]
            if let given { configuration.setSource(.file(line: given.line), of: "keys.editor." + command.rawValue) }
            let keys = given.map { $0.keys.map(\.key) } ?? EditorKeyMap.standard.keys(for: command)
            editorActions.append(Action(name: command.rawValue, keys: keys, given: given))
        }
        let suspend = listActions[Self.index(BrowseCommand.suspend)]
        for kind in EditorCommand.Editor.allCases {
            var actions = [suspend]
            for (index, command) in EditorCommand.allCases.enumerated() where command.editors.contains(kind) {
                actions.append(editorActions[index])
            }
            try checkClashes(actions)
        }
        configuration.keys = keys
        if editorGiven {
            configuration.editorKeys = EditorKeyMap { editorActions[Self.index($0)].keys }
        }
    }

    /// Refuses a key bound to two of `actions`.
    private func checkClashes(_ actions: [Action]) throws(ConfigError) {
        for index in actions.indices {
            for key in actions[index].keys {
                for other in actions[..<index] where other.keys.contains(key) {
                    throw clash(key, actions[index], other)
                }
            }
        }
    }

    private static func index(_ command: BrowseCommand) -> Int {
        BrowseCommand.allCases.firstIndex(of: command) ?? 0
    }

    private static func index(_ command: EditorCommand) -> Int {
        EditorCommand.allCases.firstIndex(of: command) ?? 0
    }

    private func clash(_ key: Key, _ first: Action, _ second: Action) -> ConfigError {
        let label = "'\(key.configurationName)'"
        let mention = { (given: Given?) in given?.keys.first { $0.key == key }?.position }
        switch (mention(first.given), mention(second.given)) {
        case (let a?, let b?):
            let (later, earlier, laterName, earlierName) =
                a > b ? (a, b, first.name, second.name) : (b, a, second.name, first.name)
            return ConfigError(
                path: path, position: later,
                message:
                    "\(label) is bound to both \(laterName) and \(earlierName) (line \(earlier.line)); give each key "
                    + "one action.")
        case (let here?, nil), (nil, let here?):
            let (mine, theirs) = mention(first.given) != nil ? (first, second) : (second, first)
            let rest = theirs.keys.filter { $0 != key }.map { "\"\($0.configurationName)\"" }
            let unbind =
                rest.isEmpty
                ? "\(theirs.name) = \"none\""
                : "\(theirs.name) = \(rest.count == 1 ? rest[0] : "[" + rest.joined(separator: ", ") + "]")"
            return ConfigError(
                path: path, position: here,
                message:
                    "\(label) is bound to \(mine.name) here and to \(theirs.name) by default; take it from "
                    + "\(theirs.name) (\(unbind)) or choose another key.")
        case (nil, nil):
            preconditionFailure("the built-in keys never clash")
        }
    }

    /// The keys a value names: a key name, an array of them, or "none" (no key).
    private func keys(of value: TOMLValue, action: String) throws(ConfigError) -> [(key: Key, position: TextPosition)] {
        let elements: [TOMLValue]
        switch value.kind {
        case .string("none"): return []
        case .string: elements = [value]
        case .array(let array): elements = array
        default:
            throw ConfigError(
                path: path, position: value.position,
                message:
                    "\(action) takes a key name (\"x\"), a list of them ([\"x\", \"space\"]) or \"none\", not "
                    + "\(value.kindName).")
        }
        var keys: [(key: Key, position: TextPosition)] = []
        for element in elements {
            guard case .string(let name) = element.kind else {
                throw ConfigError(
                    path: path, position: element.position,
                    message: "A key is a name in quotes (\"ctrl-r\"), not \(element.kindName).")
            }
            if name == "none" {
                throw ConfigError(
                    path: path, position: element.position,
                    message: "\"none\" stands alone (\(action) = \"none\") to unbind an action, not in a list of keys.")
            }
            guard !name.isEmpty, let key = Key.parse(name) else {
                throw ConfigError(
                    path: path, position: element.position,
                    message: "'\(name)' is not a key name; use \(Key.configurationNames).")
            }
            if let earlier = keys.first(where: { $0.key == key }) {
                throw ConfigError(
                    path: path, position: element.position,
                    message: "'\(name)' is given twice for \(action) (first at column \(earlier.position.column)).")
            }
            keys.append((key, element.position))
        }
        return keys
    }

    private func isControl(_ key: Key) -> Bool {
        if case .control = key { true } else { false }
    }

    private func unknownAction(
        _ name: String, at position: TextPosition, names: [String], in section: String
    )
        -> ConfigError
    {
        ConfigError(
            path: path, position: position,
            message:
                "'\(name)' is not an action of \(section)\(Setting.suggestion(for: name, in: names)); the actions are "
                + "\(names.joined(separator: ", ")).")
    }
}
