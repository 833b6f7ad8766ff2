/// One of the eight terminal colours an item can carry.
///
/// The raw value is the name used everywhere a colour is written down: the store, the filter
/// language (`color:red`), the CLI (`--color red`) and the exports.
public enum TodoColor: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    case `default`, red, green, yellow, blue, magenta, cyan, white

    /// The colour after this one in declaration order, wrapping to `.default`; the app's `c` key.
    public var next: TodoColor {
        let all = TodoColor.allCases
        return all[(ordinal + 1) % all.count]
    }

    /// Declaration order, so that sorting by colour is stable and documented.
    public static func < (lhs: TodoColor, rhs: TodoColor) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    /// The position of the colour in declaration order (0 for `.default`).
    public var ordinal: Int {
        switch self {
        case .default: 0
        case .red: 1
        case .green: 2
        case .yellow: 3
        case .blue: 4
        case .magenta: 5
        case .cyan: 6
        case .white: 7
        }
    }

    public var description: String { rawValue }

    /// Parses a colour name case-insensitively.
    /// - Throws: `ItemError.unknownColor` naming the accepted colours.
    public static func parse(_ name: String) throws(ItemError) -> TodoColor {
        guard let color = TodoColor(rawValue: name.lowercased()) else {
            throw .unknownColor(name)
        }
        return color
    }
}
