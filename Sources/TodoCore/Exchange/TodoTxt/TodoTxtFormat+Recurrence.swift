import Foundation

extension TodoTxtFormat {
    /// The repetition a `rec:` value states, as Simpletask, topydo and sleek read it: `[+][N]U`
    /// with U one of `d`, `w`, `m`, `y` (days, weeks, months, years; N 1 when left out); with `+`
    /// the next due date follows the old one ("strict"), without it it counts from the day the
    /// line was completed. Nil for any other value (business days `b`, a typo), which stays a
    /// kept token.
    static func repetition(rec value: Substring) -> ItemRepetition? {
        var rest = value
        let strict = rest.first == "+"
        if strict { rest = rest.dropFirst() }
        guard let unit = rest.last, let frequency = frequencies[unit] else { return nil }
        let digits = rest.dropLast()
        guard digits.allSatisfy(\.isASCII), let interval = digits.isEmpty ? 1 : Int(digits),
            (1...9_999).contains(interval)
        else { return nil }
        return ItemRepetition(
            Repetition(
                rule: RecurrenceRule(frequency: frequency, interval: interval), anchor: strict ? .due : .completion))
    }

    /// The `rec:` token of `repetition` (`rec:+2w`, `rec:3d`), or nil when todo.txt cannot say it:
    /// a rule with more than a frequency and an interval (days of the week, COUNT, UNTIL, …) or
    /// exception and extra dates.
    static func recToken(_ repetition: Repetition) -> String? {
        let rule = repetition.rule
        guard rule == RecurrenceRule(frequency: rule.frequency, interval: rule.interval),
            repetition.exceptionDates.isEmpty, repetition.extraDates.isEmpty,
            let unit = frequencies.first(where: { $0.value == rule.frequency })?.key
        else { return nil }
        return "rec:" + (repetition.anchor == .due ? "+" : "") + String(rule.interval) + String(unit)
    }

    private static let frequencies: [Character: RecurrenceRule.Frequency] = [
        "d": .daily, "w": .weekly, "m": .monthly, "y": .yearly,
    ]
}
