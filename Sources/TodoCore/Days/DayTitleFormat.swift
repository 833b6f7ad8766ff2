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
        /// Its offset in the pattern, in Unicode scalars (characters, but for combining marks).
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
    public static let standard = DayTitleFormat(
        parts: [.weekday, .text(" "), .day, .text(" "), .month], relativeDays: .near)

    /// The pattern as given.
    public let pattern: String
    /// Which days are named relative to today.
    public var relativeDays: RelativeDays
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
        // Concatenated by hand: the generic `joined()` costs more at start-up than the rest.
        var pattern = ""
        for part in parts { pattern += part.written }
        self.pattern = pattern
        self.relativeDays = relativeDays
    }

    /// Whether the pattern names the year itself.
    var hasYear: Bool { parts.contains(.year) }

    /// The part a token's name (between the braces) stands for.
    private static func token(_ name: String) -> Part? {
        switch name {
        case "weekday": .weekday
        case "weekday-long": .weekdayLong
        case "day": .day
        case "day2": .day2
        case "month": .month
        case "month-long": .monthLong
        case "month2": .month2
        case "year": .year
        default: nil
        }
    }

    /// The parts of `pattern`, read byte by byte (braces are ASCII; offsets count scalars, which
    /// is characters for every pattern but those with combining marks).
    private static func checkedParts(of pattern: String) throws(PatternError) -> [Part] {
        let bytes = Array(pattern.utf8)
        var parts: [Part] = []
        var textStart = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{") else {
                index += 1
                continue
            }
            let offset = bytes[..<index].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
                throw PatternError(token: "{", offset: offset)
            }
            let name = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
            guard let part = Self.token(name) else {
                throw PatternError(token: "{" + name + "}", offset: offset)
            }
            if textStart < index { parts.append(.text(String(decoding: bytes[textStart..<index], as: UTF8.self))) }
            parts.append(part)
            index = close + 1
            textStart = index
        }
        if textStart < bytes.count { parts.append(.text(String(decoding: bytes[textStart...], as: UTF8.self))) }
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
