/// Why a value typed by a person cannot become part of an item.
public enum ItemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is empty once leading and trailing white space is removed.
    case emptyText
    /// The text is longer than `TodoItem.maximumTextLength` characters.
    case textTooLong(count: Int)
    /// The text contains a newline or another control character at the given character offset.
    case controlCharacter(scalar: UInt32, offset: Int)
    /// The notes are longer than `TodoItem.maximumNotesLength` characters.
    case notesTooLong(count: Int)
    /// The tag cannot be used, for the reason given.
    case invalidTag(String, problem: String)
    /// The colour name is not one of the eight.
    case unknownColor(String)
    /// The priority name is not one of none, low, medium, high (or l, m, h).
    case unknownPriority(String)
    /// The date is in none of the forms `DateInput` accepts.
    case unknownDate(String)
    /// The date is in an accepted form but names no real day or time, or a year outside 1000…9999.
    case invalidDate(String, problem: DateInput.Problem)
    /// A reminder that is not one of `AlarmRequest`'s forms, or that counts from a date the
    /// to-do does not have; the reason says which.
    case invalidReminder(String, reason: String)

    public var description: String { description(locatedAt: nil) }

    /// The description with `place` (e.g. "at column 7 of the filter") right after the value it
    /// names, so that another subsystem can say where a value came from without rewording it.
    func description(locatedAt place: String?) -> String {
        let at = place.map { " " + $0 } ?? ""
        return switch self {
        case .emptyText:
            "The text\(at) is empty."
        case .textTooLong(let count):
            "The text\(at) is \(count) characters long; at most \(TodoItem.maximumTextLength) are allowed."
        case .controlCharacter(let scalar, let offset):
            "The text\(at) contains a control character "
                + "(U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4))) at character \(offset + 1); "
                + "newlines and control characters are not allowed."
        case .notesTooLong(let count):
            "The notes\(at) are \(count) characters long; at most \(TodoItem.maximumNotesLength) are allowed."
        case .invalidTag(let tag, let problem):
            "Invalid tag \(StoreError.quoted(tag))\(at): \(problem)."
        case .unknownColor(let name):
            "Unknown colour '\(name)'\(at); use one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))."
        case .unknownPriority(let name):
            "Unknown priority '\(name)'\(at); use none, low, medium or high (or l, m, h)."
        case .unknownDate(let text):
            "Unknown date '\(text)'\(at); use \(DateInput.acceptedForms)."
        case .invalidDate(let text, let problem):
            "Invalid date '\(text)'\(at); \(problem)."
        case .invalidReminder(let text, let reason):
            "Invalid reminder '\(text)'\(at); \(reason)."
        }
    }
}

extension String {
    /// The string padded on the left with zeros to at least `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
