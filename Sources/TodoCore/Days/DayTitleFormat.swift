/// How day headers are written: which days get relative names, and a pattern for the rest.
///
/// The pattern's tokens: `{weekday}` (Mon), `{weekday-long}` (Monday), `{day}` (7), `{day2}`
/// (07), `{month}` (Jan), `{month-long}` (January), `{month2}` (01) and `{year}` (2026); any
/// other text is kept as written. When the pattern has no `{year}`, a day outside today's year
/// gets its year after it (`Mon 12 Jan 2024`), so a header never names two days. Names are
/// English on every machine, as in the rest of the list.
public struct DayTitleFormat: Sendable, Hashable {
    /// Which days are named relative to today instead of by the pattern.
    public enum RelativeDays: String, Sendable, Hashable, CaseIterable {
        /// Every day by the pattern.
        case none
        /// "Today", "Yesterday" and "Tomorrow".
        case near
        /// As `near`, and the rest of this week by weekday ("Thursday"), next week's days as
        /// "Next Monday" and last week's as "Last Friday", weeks beginning on the calendar's
        /// `firstWeekday` — the days `next mon`…`next sun` name in the date input.
        case week
    }

    /// A pattern's token that is not one of the tokens above.
    public struct PatternError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The token as written, braces included (`{wekday}`), or `{` for an unclosed brace.
        public let token: String
        /// Its offset in the pattern, in characters.
        public let offset: Int

        public var description: String {
            token == "{"
                ? "the { at character \(offset + 1) is not closed; tokens are \(DayTitleFormat.tokenList)"
                : "\(token) is not a token; use \(DayTitleFormat.tokenList)"
        }
    }

    /// The tokens, as a phrase for errors and help.
    public static let tokenList = "{weekday}, {weekday-long}, {day}, {day2}, {month}, {month-long}, {month2}, {year}"

    /// The headers the list has always had: "Today", "Yesterday", "Tomorrow", else "Mon 12 Jan".
    public static let standard = DayTitleFormat(parts: Self.parts(of: "{weekday} {day} {month}"), relativeDays: .near)

    /// The pattern as given.
    public let pattern: String
    public let relativeDays: RelativeDays
    let parts: [Part]

    /// One piece of a pattern: literal text or a token.
    enum Part: Sendable, Hashable {
        case text(String)
        case weekday, weekdayLong, day, day2, month, monthLong, month2, year
    }

    /// - Throws: `PatternError` for the first token the pattern's braces hold that is not one of
    ///   the tokens, or an unclosed brace.
    public init(pattern: String, relativeDays: RelativeDays) throws(PatternError) {
        self.init(parts: try Self.checkedParts(of: pattern), relativeDays: relativeDays)
    }

    private init(parts: [Part], relativeDays: RelativeDays) {
        self.parts = parts
        self.pattern = parts.map(\.written).joined()
        self.relativeDays = relativeDays
    }

    /// Whether the pattern names the year itself.
    var hasYear: Bool { parts.contains(.year) }

    private static let tokens: [String: Part] = [
        "weekday": .weekday, "weekday-long": .weekdayLong, "day": .day, "day2": .day2, "month": .month,
        "month-long": .monthLong, "month2": .month2, "year": .year,
    ]

    private static func parts(of pattern: String) -> [Part] {
        (try? checkedParts(of: pattern)) ?? [.text(pattern)]
    }

    private static func checkedParts(of pattern: String) throws(PatternError) -> [Part] {
        var parts: [Part] = []
        var text = ""
        var rest = Substring(pattern)
        var offset = 0
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            offset += rest.distance(from: rest.startIndex, to: open)
            guard let close = rest[open...].firstIndex(of: "}") else { throw PatternError(token: "{", offset: offset) }
            let token = rest[open...close]
            guard let part = tokens[String(token.dropFirst().dropLast())] else {
                throw PatternError(token: String(token), offset: offset)
            }
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
            parts.append(part)
            offset += token.count
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

extension DayTitleFormat.Part {
    /// The part as a pattern writes it.
    var written: String {
        switch self {
        case .text(let text): text
        case .weekday: "{weekday}"
        case .weekdayLong: "{weekday-long}"
        case .day: "{day}"
        case .day2: "{day2}"
        case .month: "{month}"
        case .monthLong: "{month-long}"
        case .month2: "{month2}"
        case .year: "{year}"
        }
    }
}
