/// A cell of a screen or terminal: zero-based row from the top, column from the left.
struct ScreenPosition: Hashable, Sendable, CustomStringConvertible {
    var row: Int
    var column: Int

    var description: String { "(\(row), \(column))" }
}
