/// Why a value typed by a person cannot become part of an item.
public enum ItemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is empty once leading and trailing white space is removed.
    case emptyText
    /// The text is longer than `TodoItem.maximumTextLength` characters.
    case textTooLong(count: Int)
    /// The text contains a newline or another control character at the given character offset.
    case controlCharacter(scalar: UInt32, offset: Int)
    /// The colour name is not one of the eight.
    case unknownColor(String)

    public var description: String {
        switch self {
        case .emptyText:
            "The text is empty."
        case .textTooLong(let count):
            "The text is \(count) characters long; at most \(TodoItem.maximumTextLength) are allowed."
        case .controlCharacter(let scalar, let offset):
            "The text contains a control character (U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4))) at character \(offset + 1); newlines and control characters are not allowed."
        case .unknownColor(let name):
            "Unknown colour '\(name)'; use one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))."
        }
    }
}

extension String {
    /// The string padded on the left with zeros to at least `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
