extension Key {
    /// How the key table names the key: the character itself, `Space`, `Enter`, `Ctrl-R`,
    /// arrows as `↓ ↑ ← →`, `PgDn`.
    var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "Ctrl-" + letter.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter, .escape, .backspace, .delete, .tab, .home, .end, .unknown: description
        }
    }
}

extension Key {
    /// How a configuration file writes the key, which `Key.parse(_:)` reads back: the
    /// character itself, `space`, `enter`, `esc`, `ctrl-r`, `pgdn`, `up`.
    var configurationName: String {
        switch self {
        case .character(" "): "space"
        case .character(let character): String(character)
        case .control(let letter): "ctrl-" + String(letter)
        case .enter: "enter"
        case .escape: "esc"
        case .backspace: "backspace"
        case .delete: "delete"
        case .tab: "tab"
        case .up: "up"
        case .down: "down"
        case .left: "left"
        case .right: "right"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .unknown(let code): "unknown(\(code))"
        }
    }

    /// The key names a configuration file may use besides single characters, as a phrase.
    static let configurationNames =
        "a character (x, G, ?), space, enter, esc, tab, backspace, delete, up, down, left, right, home, end, pgup, "
        + "pgdn, or ctrl- and a letter (ctrl-r)"
}
