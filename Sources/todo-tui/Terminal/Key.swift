/// A key press as the app sees it, whatever the terminal sent for it.
///
/// Keys have names (`description`) that `parse(_:)` reads back, so tests and scripts can write
/// `Key.sequence("a B u y Space m i l k Enter")` or `Key.parse("C-r")`; the key map writes them
/// as a configuration file will (`j`, `down`, `ctrl-r`, `space`, `enter`, `pgdn`).
enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, space included ("Space" by name; any other by itself: "a", "한").
    case character(Character)
    /// Control plus a letter, lowercase "a"…"z" ("C-r"); Ctrl-H, I, J and M arrive as
    /// `.backspace`, `.tab` and `.enter`, because terminals send the same bytes for them.
    case control(Character)
    /// "Enter" (also read: "Return", "C-m", "C-j").
    case enter
    /// "Esc" (also read: "Escape", "C-[").
    case escape
    /// "Backspace" (also read: "BS", "C-h").
    case backspace
    /// "Delete", the forward delete key (also read: "Del").
    case delete
    /// "Tab" (also read: "C-i").
    case tab
    /// "Up", "Down", "Left", "Right", "Home", "End", "PageUp" ("PgUp"), "PageDown" ("PgDn").
    case up, down, left, right, home, end, pageUp, pageDown
    /// A key the app has no name for, with the terminal's code ("Unknown(353)").
    case unknown(Int)

    /// The key a control byte stands for, as terminals send them: 1–26 Ctrl-letters, 8 and 127
    /// backspace, 9 tab, 10 and 13 enter, 27 escape; `nil` for any other value.
    init?(controlCode: UInt32) {
        switch controlCode {
        case 8, 127: self = .backspace
        case 9: self = .tab
        case 10, 13: self = .enter
        case 27: self = .escape
        case 1...26:
            guard let letter = Unicode.Scalar(0x60 + controlCode) else {
                return nil
            }
            self = .control(Character(letter))
        default:
            return nil
        }
    }

    var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let letter): "C-\(letter)"
        case .unknown(let code): "Unknown(\(code))"
        default: Self.names.first { $0.key == self }?.name ?? "Unknown"
        }
    }

    /// Reads a key name: a single character, "Space", "C-" or "ctrl-" and a letter, a name of
    /// the cases above (letters in any case), or "Unknown(N)".
    /// - Returns: the key, or `nil` if `name` names none.
    static func parse(_ name: String) -> Key? {
        if name.count == 1, let character = name.first {
            return .character(character)
        }
        // Names are mostly written in lowercase already: lowercasing is only needed otherwise.
        let utf8 = name.utf8
        if utf8.count == 6, name.hasPrefix("ctrl-"), let letter = utf8.last, (0x61...0x7A).contains(letter) {
            return Key(controlCode: UInt32(letter) - 0x60)
        }
        if let known = keysByLowercasedName[name] {
            return known
        }
        let lowered = name.lowercased()
        if let known = keysByLowercasedName[lowered] {
            return known
        }
        let control = ["c-", "ctrl-"].contains { lowered.hasPrefix($0) && lowered.count == $0.count + 1 }
        if control, let letter = lowered.last?.unicodeScalars.first, ("a"..."z").contains(letter) {
            return Key(controlCode: letter.value - 0x60)
        }
        if lowered.hasPrefix("unknown("), lowered.hasSuffix(")"),
            let code = Int(lowered.dropFirst("unknown(".count).dropLast())
        {
            return .unknown(code)
        }
        return nil
    }

    /// The keys named in `names`, separated by spaces ("g j j x C-r"); for scripted tests.
    ///
    /// An unknown name is a mistake in the script: a precondition failure naming it.
    /// - Complexity: O(n) in the length of `names`.
    static func sequence(_ names: String) -> [Key] {
        names.split(separator: " ").map { name in
            guard let key = parse(String(name)) else {
                preconditionFailure("'\(name)' is not a key name.")
            }
            return key
        }
    }

    /// Whether the key types a character (a letter, a digit, Space, `한`): the keys an editor
    /// inserts, which no editor command may take.
    var isPrintable: Bool {
        guard case .character(let character) = self else { return false }
        return !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The keys that type `text`, one `.character` per character.
    /// - Complexity: O(n) in the length of `text`.
    static func typing(_ text: String) -> [Key] {
        text.map { .character($0) }
    }

    /// `names` by their lowercased name, for `parse`.
    private static let keysByLowercasedName: [String: Key] = Dictionary(
        names.map { ($0.name.lowercased(), $0.key) }, uniquingKeysWith: { first, _ in first })

    /// Names read by `parse`; the first name of each key is the one `description` writes.
    private static let names: [(name: String, key: Key)] = [
        ("Space", .character(" ")),
        ("Enter", .enter), ("Return", .enter), ("C-m", .enter), ("C-j", .enter),
        ("Esc", .escape), ("Escape", .escape), ("C-[", .escape),
        ("Backspace", .backspace), ("BS", .backspace), ("C-h", .backspace),
        ("Delete", .delete), ("Del", .delete),
        ("Tab", .tab), ("C-i", .tab),
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("Home", .home), ("End", .end),
        ("PageUp", .pageUp), ("PgUp", .pageUp), ("PageDown", .pageDown), ("PgDn", .pageDown),
    ]
}
