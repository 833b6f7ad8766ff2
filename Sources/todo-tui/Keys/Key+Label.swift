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
