/// How a format writes an item's text: exactly, or with the control characters it cannot hold
/// replaced.
///
/// The exporters write texts through `apply(_:)`, and `ImportPlan` compares a stored text in
/// the same form with what a file says, so that re-importing a lossy export does not "change"
/// texts the format could not carry (a todo.txt line has no line breaks).
enum TextForm: Sendable, Hashable {
    /// The text as it is (JSON, CSV, Taskwarrior).
    case exact
    /// iCalendar TEXT: line breaks (CRLF, CR, LF) become LF, tab stays, and other ASCII control
    /// characters, which TEXT cannot hold, become spaces.
    case iCalendar
    /// One line (todo.txt, Markdown): every character containing a control character (C0, DEL,
    /// C1; CRLF is one character) becomes a space.
    case singleLine

    /// The text as a format of this form writes it.
    /// - Complexity: O(n) in the length of the text; no copy when nothing is replaced.
    func apply(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.isControlCharacter) else { return text }
        switch self {
        case .exact:
            return text
        case .singleLine:
            return String(text.map { $0.unicodeScalars.contains(where: \.isControlCharacter) ? " " : $0 })
        case .iCalendar:
            var result = String.UnicodeScalarView()
            var previous: Unicode.Scalar?
            for scalar in text.unicodeScalars {
                defer { previous = scalar }
                switch scalar {
                case "\n" where previous == "\r":
                    continue
                case "\n", "\r":
                    result.append("\n")
                case "\t":
                    result.append(scalar)
                case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                    result.append(" ")
                default:
                    result.append(scalar)
                }
            }
            return String(result)
        }
    }
}
