/// A place in a text file as editors and compilers name it: a 1-based line and a 1-based column,
/// columns counting Unicode scalars (so `é` and `한` are one column each, as most editors count).
struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    let line: Int
    let column: Int

    /// The start of a file: `1:1`, for problems with the file as a whole.
    static let start = TextPosition(line: 1, column: 1)

    /// `line:column`, as in `config.toml:12:8`.
    var description: String { "\(line):\(column)" }

    static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
