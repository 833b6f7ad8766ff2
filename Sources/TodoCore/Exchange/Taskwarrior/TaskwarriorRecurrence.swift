import Foundation

/// Taskwarrior's recurrence as one repeating to-do.
///
/// Taskwarrior keeps a hidden template (`status:recurring`, `recur`, `due`, optional `until`,
/// `mask` with one character per instance made) and spawns instances from it (`status:pending`,
/// `parent` the template's uuid, `imask` the instance's index). todo-tui keeps one to-do per
/// series, so:
///
/// - **Import** turns a template and its instances into one to-do whose id is the template's
///   uuid (so importing again after Taskwarrior spawned the next instance updates the same
///   to-do). Its fields are those of the pending instance with the earliest `due`: that
///   instance is the current occurrence; later pending instances (Taskwarrior spawns several
///   when `recurrence.limit` is above 1 or a series is overdue) and completed ones are not
///   imported as to-dos of their own. The completed occurrences are counted from the template's
///   `mask` (`+`). A template without a pending instance is the to-do at its first occurrence the
///   `mask` has not completed or deleted. An instance whose template is not in the input stays a
///   task whose `recur` is kept as Taskwarrior wrote it.
/// - **Export** writes a repeating to-do whose rule Taskwarrior can say (``recur(for:)``) as a
///   template whose `due` is the current occurrence, with `mask` `-`, and one pending instance
///   (`imask` 0) whose uuid derives from the to-do's id and that occurrence, so two exports of
///   the same occurrence write the same instance. `task import` then keeps one visible task, and
///   completing it in Taskwarrior spawns the next.
///
/// Taskwarrior computes dates its own way: `daily` and `weekly` add seconds (09:00 becomes 08:00
/// or 10:00 after a daylight-saving change) and `monthly` keeps the day of the previous instance
/// clamped to the month's length (31 Jan, 28 Feb, 28 Mar), where todo-tui keeps the wall clock
/// and skips months without the day. The rule as todo-tui reads it travels beside `recur` in the
/// attribute `todotuirepeat` (an RRULE; `todotuirepeatfrom` `completion` for a rule counted from
/// completion, which Taskwarrior has no form for), and importing reads it back while it says
/// the same as `recur`. A rule Taskwarrior cannot say (days of the month or positions, `COUNT`,
/// …) is written as a task without `recur`, its rule in `todotuirepeat` only.
enum TaskwarriorRecurrence {
    /// The attribute holding the rule as an RRULE.
    static let ruleAttribute = "todotuirepeat"
    /// The attribute saying the rule counts from completion.
    static let anchorAttribute = "todotuirepeatfrom"
    /// Attributes of Taskwarrior's recurrence that a mapped repetition replaces.
    static let recurrenceAttributes: Set<String> = [
        "recur", "until", "mask", "rtype", ruleAttribute, anchorAttribute,
    ]

    /// The rule a `recur` value states (`daily`, `weekly`, `2w`, `3d`, `monthly`, `2mo`,
    /// `quarterly`, `yearly`, `weekdays`, `P14D`, …), or nil for one todo-tui cannot compute
    /// (hours, minutes, seconds, a typo).
    /// - Complexity: O(length of the value).
    static func rule(recur value: String) -> RecurrenceRule? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if text == "weekdays" {
            return RecurrenceRule(frequency: .weekly, byDay: workingDays)
        }
        if let (frequency, interval) = namedPeriods[text] {
            return RecurrenceRule(frequency: frequency, interval: interval)
        }
        var rest = Substring(text)
        let iso = rest.first == "p"
        if iso { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let unit = rest.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard let count = digits.isEmpty && !iso ? 1 : Int(digits), (1...9_999).contains(count) else { return nil }
        let units = iso ? isoUnits : unitNames
        guard let (frequency, factor) = units[unit] else { return nil }
        return RecurrenceRule(frequency: frequency, interval: count * factor)
    }

    /// The `recur` value Taskwarrior reads as `rule` (`daily`, `3d`, `weekly`, `2wks`, `monthly`,
    /// `2mo`, `yearly`, `2y`, `weekdays`), or nil when it has none: days of the month or the
    /// year, positions, weekdays other than Monday to Friday, a `COUNT`.
    /// - Complexity: O(1).
    static func recur(for rule: RecurrenceRule) -> String? {
        guard rule.count == nil, rule.byMonthDay.isEmpty, rule.byMonth.isEmpty, rule.bySetPosition.isEmpty else {
            return nil
        }
        if !rule.byDay.isEmpty {
            guard rule.frequency == .weekly || rule.frequency == .daily, rule.interval == 1,
                rule.byDay.allSatisfy({ $0.ordinal == nil }),
                Set(rule.byDay.map(\.weekday)) == Set(workingDays.map(\.weekday))
            else { return nil }
            return "weekdays"
        }
        let n = rule.interval
        switch rule.frequency {
        case .daily: return n == 1 ? "daily" : "\(n)d"
        case .weekly: return n == 1 ? "weekly" : "\(n)wks"
        case .monthly: return n == 1 ? "monthly" : "\(n)mo"
        case .yearly: return n == 1 ? "yearly" : "\(n)y"
        }
    }

    private static let workingDays: [RecurrenceRule.WeekdayRule] = [
        .init(.monday), .init(.tuesday), .init(.wednesday), .init(.thursday), .init(.friday),
    ]

    private static let namedPeriods: [String: (RecurrenceRule.Frequency, Int)] = [
        "daily": (.daily, 1), "day": (.daily, 1), "weekly": (.weekly, 1), "week": (.weekly, 1),
        "sennight": (.weekly, 1), "biweekly": (.weekly, 2), "fortnight": (.weekly, 2), "monthly": (.monthly, 1),
        "month": (.monthly, 1), "bimonthly": (.monthly, 2), "quarterly": (.monthly, 3), "semiannual": (.monthly, 6),
        "yearly": (.yearly, 1), "year": (.yearly, 1), "annual": (.yearly, 1), "biannual": (.yearly, 2),
        "biyearly": (.yearly, 2),
    ]

    private static let unitNames: [String: (RecurrenceRule.Frequency, Int)] = [
        "d": (.daily, 1), "day": (.daily, 1), "days": (.daily, 1),
        "w": (.weekly, 1), "wk": (.weekly, 1), "wks": (.weekly, 1), "week": (.weekly, 1), "weeks": (.weekly, 1),
        "mo": (.monthly, 1), "mos": (.monthly, 1), "mth": (.monthly, 1), "mths": (.monthly, 1),
        "month": (.monthly, 1), "months": (.monthly, 1),
        "q": (.monthly, 3), "qtr": (.monthly, 3), "qtrs": (.monthly, 3), "quarter": (.monthly, 3),
        "quarters": (.monthly, 3),
        "y": (.yearly, 1), "yr": (.yearly, 1), "yrs": (.yearly, 1), "year": (.yearly, 1), "years": (.yearly, 1),
    ]

    private static let isoUnits: [String: (RecurrenceRule.Frequency, Int)] = [
        "d": (.daily, 1), "w": (.weekly, 1), "m": (.monthly, 1), "y": (.yearly, 1),
    ]
}
