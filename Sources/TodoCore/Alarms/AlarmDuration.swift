import Foundation

/// An iCalendar DURATION (RFC 5545 §3.3.6), as an alarm's relative trigger or its repeat interval
/// holds one: whole days (weeks count seven) and seconds, both with the duration's sign.
///
/// Days are nominal and seconds exact, as the RFC says: `-P1D` before 09:00 is 09:00 the day
/// before even across a daylight-saving change, and `-PT24H` is 24 hours earlier.
public struct AlarmDuration: Sendable, Hashable {
    /// Calendar days (a week is seven), negative before the anchor.
    public var days: Int
    /// Seconds, negative before the anchor.
    public var seconds: Int

    public init(days: Int = 0, seconds: Int = 0) {
        self.days = days
        self.seconds = seconds
    }

    /// Whether the duration points before its anchor.
    public var isNegative: Bool { days < 0 || seconds < 0 }

    /// Reads `[+-]P[nW][nD][T[nH][nM][nS]]`; nil for anything else (no component, a fraction,
    /// a number too large).
    /// - Complexity: O(n) in the length of the text.
    public init?(iCalendar text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if rest.first == "-" || rest.first == "+" {
            sign = rest.first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var days = 0, seconds = 0, inTime = false, number: Int?, components = 0
        for character in rest {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (product, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, product <= 100_000_000 else { return nil }
                number = product + digit
                continue
            }
            if character == "T" {
                guard !inTime, number == nil else { return nil }
                inTime = true
                continue
            }
            guard let value = number else { return nil }
            switch (character, inTime) {
            case ("W", false): days += 7 * value
            case ("D", false): days += value
            case ("H", true): seconds += 3_600 * value
            case ("M", true): seconds += 60 * value
            case ("S", true): seconds += value
            default: return nil
            }
            number = nil
            components += 1
        }
        guard number == nil, components > 0 else { return nil }
        self.days = sign * days
        self.seconds = sign * seconds
    }

    /// The duration as iCalendar writes it: `-PT15M`, `-PT1H30M`, `-P1D`, `P1DT2H`, `PT0S`.
    public var iCalendar: String {
        let negative = isNegative
        let days = abs(self.days)
        var seconds = abs(self.seconds)
        var text = negative ? "-P" : "P"
        if days > 0 { text += days % 7 == 0 && seconds == 0 ? "\(days / 7)W" : "\(days)D" }
        guard seconds > 0 || days == 0 else { return text }
        text += "T"
        if seconds == 0 { return text + "0S" }
        if seconds >= 3_600 {
            text += "\(seconds / 3_600)H"
            seconds %= 3_600
        }
        if seconds >= 60 {
            text += "\(seconds / 60)M"
            seconds %= 60
        }
        return seconds > 0 ? text + "\(seconds)S" : text
    }

    /// `date` moved by the duration: the days as calendar days in `calendar` (so a local wall
    /// time is kept across a daylight-saving change), then the seconds exactly.
    /// - Complexity: O(1).
    public func added(to date: Date, calendar: Calendar) -> Date {
        var moved = date
        if days != 0, let shifted = calendar.date(byAdding: .day, value: days, to: date) {
            moved = shifted
        }
        return moved.addingTimeInterval(TimeInterval(seconds))
    }
}
