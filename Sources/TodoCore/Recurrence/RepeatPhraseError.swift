/// Why a repeat phrase (``RepeatPhrase``) cannot be read; each case reads as one sentence
/// naming the word at fault.
public enum RepeatPhraseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing was typed.
    case empty
    /// A word that is no part of a repeat phrase.
    case unknownWord(String)
    /// The phrase never says how often (`until 2027-06-30` or `3 times` alone).
    case missingFrequency
    /// A second word saying how often, after an earlier one.
    case repeatedFrequency(String, earlier: String)
    /// A word that needs something after it (`every`, `until`, `on the`) and got nothing usable.
    case incomplete(String)
    /// A number that is zero, too large or not whole (`every 0 days`).
    case invalidNumber(String)
    /// An `until` date that `DateInput` does not read, or one before the to-do's date.
    case invalidUntil(String, problem: ItemError?)
    /// Days of the month or ordinal weekdays (`on the 31st`, `on the last fri`) in a daily or
    /// weekly rule, or weekday names in a daily one.
    case notForFrequency(String, frequency: String)
    /// A quick-add shorthand (`repeat:TOKEN`) that is none of the accepted forms.
    case unknownShorthand(String)

    public var description: String {
        switch self {
        case .empty:
            "Say how it repeats, e.g. weekly, every 2 weeks, monthly on the last fri, or none."
        case .unknownWord(let word):
            "'\(word)' is not a repeat word; try daily, weekdays, every 2 weeks, every mon,thu, monthly on the 31st, "
                + "yearly, after done, until 2027-06-30, 3 times or none."
        case .missingFrequency:
            "The repeat phrase does not say how often, e.g. weekly or every 3 days."
        case .repeatedFrequency(let word, let earlier):
            "'\(word)' says how often again after '\(earlier)'."
        case .incomplete(let word):
            "'\(word)' needs more after it, e.g. every 2 weeks, until 2027-06-30, on the last fri."
        case .invalidNumber(let word):
            "'\(word)' is not a number of times or an interval from 1 to 1000."
        case .invalidUntil(let text, let problem):
            if let problem {
                problem.description(locatedAt: "after 'until'")
            } else {
                "'until \(text)' is before the to-do's date, so it would never repeat."
            }
        case .notForFrequency(let word, let frequency):
            "'\(word)' does not fit a \(frequency) repetition."
        case .unknownShorthand(let token):
            "'\(token)' is not a repeat shorthand; try daily, weekly, monthly, yearly, weekdays, 2w, 3d, 1m, 1y, "
                + "mon,thu, with +done to count from completion."
        }
    }
}
