/// Why a quick-add line cannot be read, and which token is at fault.
///
/// Offsets and lengths count `Character`s of the whole line; `column` is 1-based.
public struct QuickAddError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the token.
    public enum Reason: Equatable, Sendable {
        /// The value is not one the token takes: a date `DateInput` refuses, a priority that is
        /// none of h, m, l, a tag `TodoTags.validatedTag(_:)` refuses.
        case invalidValue(ItemError)
        /// A `repeat:` value `RepeatPhrase.parseShorthand` does not read.
        case invalidRepeat(RepeatPhraseError)
        /// `due:` with nothing after it.
        case missingValue
        /// The field was already set by an earlier token of the line.
        case repeated(earlier: String)
    }

    /// The whole line as typed.
    public let line: String
    /// Where the token starts, in characters from the start of the line.
    public let offset: Int
    /// The token's length in characters.
    public let length: Int
    public let reason: Reason

    /// The 1-based column of the token.
    public var column: Int { offset + 1 }

    /// The token as typed.
    public var token: String { String(line.dropFirst(offset).prefix(length)) }

    public var description: String {
        let quoted = "'\(token)'"
        let problem =
            switch reason {
            case .invalidValue(let error): error.description(locatedAt: "in \(quoted)")
            case .invalidRepeat(let error): error.description
            case .missingValue: "Nothing follows \(quoted)."
            case .repeated(let earlier): "\(quoted) sets what '\(earlier)' set already."
            }
        return problem + " A \\ before a word keeps it as text (\\\(token))."
    }
}
