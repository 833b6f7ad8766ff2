/// Why a filter typed by a person cannot become a predicate, and where in the text the mistake is.
///
/// It carries the whole filter, so that a front end can show the text with carets under the
/// token; the columns are the front end's to count (the CLI's `FilterError.caretLine`).
/// Offsets and lengths count `Character`s (grapheme clusters); `column` is 1-based.
public struct FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the token at `offset`.
    public enum Reason: Equatable, Sendable {
        /// A `"` opens a phrase that never closes; the token runs to the end of the filter.
        case unterminatedQuote
        /// `""`: a phrase with nothing in it.
        case emptyPhrase
        /// Text glued to a closing quote, as in `"oat milk"s`; the token is that text.
        case textAfterQuote
        /// A `-` with nothing after it; the token is the `-`.
        case nothingToNegate
        /// `name:value` where `name` is not a field; the token is the name.
        case unknownField(String)
        /// A field with no value, as in `color:`; the token is the field and its operator.
        case missingValue(FilterField)
        /// An ordering comparison on a field without order, as in `color>red`; the token is the operator.
        case unsupportedOperator(String, field: FilterField)
        /// `done:` with a value other than yes, no, true or false; the token is the value.
        case invalidDoneValue(String)
        /// The value is not one the field (priority, has or is) takes, or `none` with an ordering
        /// comparison.
        case invalidFieldValue(FilterField)
        /// A colour or date value that `TodoColor.parse` or `DateInput` refused; the token is the value.
        case invalidValue(ItemError)
        /// `list:NAME` names no list; the names of the lists there are.
        case unknownList(known: [String])
    }

    /// The whole filter as typed.
    public let filter: String
    /// Where the offending token starts, in characters from the start of the filter.
    public let offset: Int
    /// The offending token's length in characters (at least 1).
    public let length: Int
    public let reason: Reason

    /// The 1-based column of the offending token.
    public var column: Int { offset + 1 }

    /// The offending token as typed.
    public var token: String { String(filter.dropFirst(offset).prefix(length)) }

    public var description: String {
        let at = "at column \(column) of the filter"
        return switch reason {
        case .unterminatedQuote:
            "The phrase '\(token)' \(at) has no closing quote; add a \" after it."
        case .emptyPhrase:
            "Empty quotes '\(token)' \(at); put words between them or remove them."
        case .textAfterQuote:
            "Text '\(token)' \(at) is glued to a closing quote; put a space before it."
        case .nothingToNegate:
            "Nothing follows the '-' \(at); write -word or -field:value, or \"-\" to search for a minus sign."
        case .unknownField:
            "Unknown field '\(token)' \(at); use done:, color:, date:, start:, pri:, tag:, has:, is: or list:, or put the "
                + "text in quotes to search for it."
        case .missingValue(let field):
            "No value after '\(token)' \(at); use \(field.valueHint)."
        case .unsupportedOperator(_, let field):
            "Operator '\(token)' \(at) does not apply to \(field.rawValue); only date, start, done (with a day) and "
                + "priority take <, <=, > and >=."
        case .invalidDoneValue:
            "Unknown done value '\(token)' \(at); use \(FilterField.done.valueHint)."
        case .invalidFieldValue(let field):
            "Unknown \(field.rawValue) value '\(token)' \(at); use \(field.valueHint)."
        case .invalidValue(let error):
            error.description(locatedAt: at)
        case .unknownList(let known):
            "No list is named '\(token)' \(at); the lists are \(TodoList.listing(known))."
        }
    }
}
