import Foundation

/// The words a person types to make a repetition (`every 2 weeks on mon,thu until 2027-06-30`)
/// and the quick-add shorthand (`repeat:2w`).
///
/// Phrases are case-insensitive; words may be separated by spaces or commas. A phrase says how
/// often (`daily`, `weekdays`, `weekly`, `monthly`, `yearly`, `every 3 days`, `every other week`,
/// `every mon,thu`), optionally on which days (`on mon and thu`, `on the 31st`, `on the last day`,
/// `on the last fri`, `on the 2nd tue`), and optionally `after done` (count from completion),
/// `until 2027-06-30` (or any form ``DateInput`` reads, or `30 Jun 2027`) and `3 times`
/// (`2 more times` and `last time` as ``Repetition/description(calendar:)`` writes them). `none`
/// removes the repetition.
///
/// "Monthly on the 31st" skips months without a 31st, as RFC 5545 does; "on the last day" is the
/// last day of every month.
public enum RepeatPhrase {
    /// What a phrase asks for.
    public enum Parsed: Sendable, Hashable {
        /// `none`: the to-do stops repeating.
        case remove
        case repetition(Repetition)
    }

    /// The largest interval and count a phrase may give.
    public static let largestNumber = 1_000

    /// Reads a repeat phrase.
    /// - Parameters:
    ///   - text: what the person typed.
    ///   - anchor: the to-do's date, if it has one: relative `until` dates (`until fri`) count from
    ///     it, and an `until` before its day is refused. Without it only dates that name their day
    ///     are read relative to nothing.
    ///   - calendar: the calendar and time zone of days; its first weekday orders the weekdays of
    ///     the rule and, for a rule of several weekdays every few weeks, starts its weeks.
    /// - Throws: ``RepeatPhraseError`` naming the first word not understood.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String, anchor: Date?, calendar: Calendar) throws(RepeatPhraseError) -> Parsed {
        let words = text.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
        guard !words.isEmpty else { throw .empty }
        if words.count == 1 && words[0].lowercased() == "none" { return .remove }
        var reader = RepeatPhraseReader(words: words, anchor: anchor, calendar: calendar)
        return .repetition(try reader.read())
    }

    /// Reads the quick-add shorthand of `repeat:TOKEN`, a token without spaces: `daily`,
    /// `weekly`, `monthly`, `yearly`, `weekdays`, a number and a unit (`3d`, `2w`, `1m`, `1y`),
    /// or weekdays (`mon,thu`); a `+done` suffix makes it count from completion (`3d+done`).
    /// - Parameters:
    ///   - token: the text after `repeat:`.
    ///   - anchor: as in ``parse(_:anchor:calendar:)``.
    ///   - calendar: as in ``parse(_:anchor:calendar:)``.
    /// - Throws: ``RepeatPhraseError/unknownShorthand(_:)`` for any other token.
    /// - Complexity: O(n) in the length of the token.
    public static func parseShorthand(
        _ token: String, anchor: Date?, calendar: Calendar
    ) throws(RepeatPhraseError)
        -> Repetition
    {
        var body = token.lowercased()
        var suffix = ""
        if body.hasSuffix("+done") {
            body.removeLast(5)
            suffix = " after done"
        }
        let phrase: String
        if ["daily", "weekly", "monthly", "yearly", "weekdays"].contains(body) {
            phrase = body
        } else if let unit = body.last, let number = Int(body.dropLast()), let name = Self.unitNames[unit],
            body.first?.isNumber == true
        {
            phrase = "every \(number) \(name)"
        } else if !body.isEmpty && body.split(separator: ",").allSatisfy({ RepeatPhraseReader.weekday($0) != nil }) {
            phrase = "every " + body
        } else {
            throw .unknownShorthand(token)
        }
        guard !token.contains(where: \.isWhitespace),
            case .repetition(let repetition) = try? parse(phrase + suffix, anchor: anchor, calendar: calendar)
        else { throw .unknownShorthand(token) }
        return repetition
    }

    private static let unitNames: [Character: String] = ["d": "days", "w": "weeks", "m": "months", "y": "years"]
}
