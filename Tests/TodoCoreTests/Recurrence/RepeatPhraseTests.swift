import Foundation
import Testing

@testable import TodoCore

@Suite("Repeat phrases and the quick-add shorthand")
struct RepeatPhraseTests {
    static let calendar = RepetitionTests.berlin
    static let anchor = RepetitionTests.local(2026, 11, 26, 9)

    static func rule(_ text: String, calendar: Calendar = calendar) throws -> (String, RepeatAnchor) {
        let parsed = try RepeatPhrase.parse(text, anchor: anchor, calendar: calendar)
        guard case .repetition(let repetition) = parsed else { return ("none", .due) }
        return (repetition.rule.rruleText, repetition.anchor)
    }

    @Test(
        "every listed phrase gives its rule",
        arguments: [
            ("daily", "FREQ=DAILY"),
            ("Weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("weekly", "FREQ=WEEKLY"),
            ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
            ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
            ("every mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
            ("every Thursday and Monday", "FREQ=WEEKLY;BYDAY=MO,TH"),
            ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
            ("monthly", "FREQ=MONTHLY"),
            ("monthly on the 31st", "FREQ=MONTHLY;BYMONTHDAY=31"),
            ("monthly on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("monthly on the last fri", "FREQ=MONTHLY;BYDAY=-1FR"),
            ("monthly on the 2nd tue", "FREQ=MONTHLY;BYDAY=2TU"),
            ("every 3 months on the 1st and 15th", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1,15"),
            ("yearly", "FREQ=YEARLY"),
            ("every 2 weeks on mon, thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"),
            ("weekly until 2027-06-30", "FREQ=WEEKLY;UNTIL=20270630"),
            ("WEEKLY, 3 times", "FREQ=WEEKLY;COUNT=3"),
            ("weekly, 2 more times", "FREQ=WEEKLY;COUNT=3"),
            ("daily, last time", "FREQ=DAILY;COUNT=1"),
            ("every 2 weeks on Mon and Thu, until 30 Jun 2027", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630"),
        ])
    func phrase(text: String, rule: String) throws {
        let (parsed, anchor) = try Self.rule(text)
        #expect(parsed == rule)
        #expect(anchor == .due)
    }

    @Test("after done counts from completion; none removes")
    func afterDoneAndNone() throws {
        #expect(try Self.rule("every 3 days after done") == ("FREQ=DAILY;INTERVAL=3", .completion))
        #expect(try Self.rule("weekly after completion until 2027-06-30").1 == .completion)
        #expect(try RepeatPhrase.parse(" None ", anchor: nil, calendar: Self.calendar) == .remove)
    }

    @Test("until reads relative dates from the anchor, and only full dates without one")
    func relativeUntil() throws {
        #expect(try Self.rule("daily until tomorrow").0 == "FREQ=DAILY;UNTIL=20261127")
        let parsed = try RepeatPhrase.parse("daily until 2027-01-02", anchor: nil, calendar: Self.calendar)
        guard case .repetition(let repetition) = parsed else { throw ExpectedRepetition() }
        #expect(repetition.rule.until == .date(.init(year: 2027, month: 1, day: 2)))
        #expect(throws: RepeatPhraseError.self) {
            try RepeatPhrase.parse("daily until fri", anchor: nil, calendar: Self.calendar)
        }
    }

    struct ExpectedRepetition: Error {}

    @Test("weekdays follow the calendar's week start where it matters")
    func weekStart() throws {
        var sundayFirst = Self.calendar
        sundayFirst.firstWeekday = 1
        #expect(
            try Self.rule("every 2 weeks on mon,sun", calendar: sundayFirst).0
                == "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU")
        #expect(try Self.rule("every mon,sun", calendar: sundayFirst).0 == "FREQ=WEEKLY;BYDAY=SU,MO")
        #expect(try Self.rule("every 2 weeks on mon,sun").0 == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU")
    }

    @Test(
        "what is not understood gets one sentence naming the word",
        arguments: [
            ("", RepeatPhraseError.empty, "how it repeats"),
            ("sometimes", .unknownWord("sometimes"), "'sometimes'"),
            ("weekly on blursday", .incomplete("on"), "'on'"),
            ("every", .incomplete("every"), "'every'"),
            ("every 2", .incomplete("every 2"), "'every 2'"),
            ("every 0 days", .invalidNumber("0"), "'0'"),
            ("every 5000 days", .invalidNumber("5000"), "'5000'"),
            ("daily weekly", .repeatedFrequency("weekly", earlier: "daily"), "'weekly'"),
            ("until 2027-06-30", .missingFrequency, "how often"),
            ("3 times", .missingFrequency, "how often"),
            ("weekly until", .incomplete("until"), "'until'"),
            ("weekly until someday", .invalidUntil("someday", problem: .unknownDate("someday")), "someday"),
            ("weekly until 2020-01-01", .invalidUntil("2020-01-01", problem: nil), "before"),
            ("weekly on the last fri", .notForFrequency("on the last fri", frequency: "weekly"), "'on the last fri'"),
            ("daily on the 31st", .notForFrequency("on the 31st", frequency: "daily"), "'on the 31st'"),
            ("daily mon", .notForFrequency("mo", frequency: "daily"), "daily"),
            ("weekly after", .incomplete("after"), "'after'"),
            ("none weekly", .unknownWord("none"), "'none'"),
            ("3 apples", .unknownWord("3"), "'3'"),
        ])
    func errors(text: String, error: RepeatPhraseError, named: String) {
        #expect(throws: error) { try RepeatPhrase.parse(text, anchor: Self.anchor, calendar: Self.calendar) }
        #expect(error.description.contains(named))
        #expect(error.description.hasSuffix("."))
    }

    @Test(
        "the shorthand gives the same rules as the phrases",
        arguments: [
            ("daily", "FREQ=DAILY", RepeatAnchor.due), ("weekly", "FREQ=WEEKLY", .due),
            ("monthly", "FREQ=MONTHLY", .due),
            ("yearly", "FREQ=YEARLY", .due), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", .due),
            ("2w", "FREQ=WEEKLY;INTERVAL=2", .due), ("3d", "FREQ=DAILY;INTERVAL=3", .due), ("1m", "FREQ=MONTHLY", .due),
            ("1y", "FREQ=YEARLY", .due), ("mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH", .due),
            ("3d+done", "FREQ=DAILY;INTERVAL=3", .completion), ("Weekly+done", "FREQ=WEEKLY", .completion),
        ])
    func shorthand(token: String, rule: String, anchor: RepeatAnchor) throws {
        let repetition = try RepeatPhrase.parseShorthand(token, anchor: Self.anchor, calendar: Self.calendar)
        #expect(repetition.rule.rruleText == rule)
        #expect(repetition.anchor == anchor)
    }

    @Test(
        "a shorthand that is none of the forms is refused naming it",
        arguments: ["", "2x", "0d", "mon,xyz", "every", "+done", "w"])
    func badShorthand(token: String) {
        #expect(throws: RepeatPhraseError.unknownShorthand(token)) {
            try RepeatPhrase.parseShorthand(token, anchor: Self.anchor, calendar: Self.calendar)
        }
        #expect(RepeatPhraseError.unknownShorthand(token).description.contains("'\(token)'"))
    }
}

@Suite("Repetition in words")
struct RepetitionDescriptionTests {
    @Test(
        "rules read as words, and the words read back as the rule",
        arguments: [
            ("FREQ=DAILY", "daily"),
            ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20270630", "every other week on Mon and Thu, until 30 Jun 2027"),
            ("FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TH", "every 3 weeks on Mon and Thu"),
            ("FREQ=MONTHLY;BYDAY=-1FR", "monthly on the last Friday"),
            ("FREQ=MONTHLY;BYDAY=2TU", "monthly on the 2nd Tuesday"),
            ("FREQ=MONTHLY;BYMONTHDAY=31", "monthly on the 31st"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "monthly on the last day"),
            ("FREQ=WEEKLY;COUNT=3", "weekly, 2 more times"),
            ("FREQ=WEEKLY;COUNT=2", "weekly, 1 more time"),
            ("FREQ=DAILY;COUNT=1", "daily, last time"),
            ("FREQ=YEARLY;INTERVAL=2", "every 2 years"),
        ])
    func words(rule: String, words: String) throws {
        let repetition = Repetition(rule: try RecurrenceRule(rrule: rule))
        #expect(repetition.description(calendar: RepeatPhraseTests.calendar) == words)
        let parsed = try RepeatPhrase.parse(
            words, anchor: RepeatPhraseTests.anchor, calendar: RepeatPhraseTests.calendar)
        #expect(parsed == .repetition(repetition))
    }

    @Test("after done, set positions, months and extra dates are told")
    func otherParts() throws {
        let calendar = RepeatPhraseTests.calendar
        let afterDone = Repetition(rule: try RecurrenceRule(rrule: "FREQ=DAILY;INTERVAL=3"), anchor: .completion)
        #expect(afterDone.description(calendar: calendar) == "every 3 days after done")
        let lastWorkingDay = Repetition(
            rule: try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"))
        #expect(lastWorkingDay.description(calendar: calendar) == "monthly on weekdays, only the last of each month")
        var july = Repetition(rule: try RecurrenceRule(rrule: "FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4"))
        july.exceptionDates = [Date(timeIntervalSince1970: 0)]
        july.extraDates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400)]
        #expect(july.description(calendar: calendar) == "yearly in Jul on the 4th, except 1 date, plus 2 dates")
        var sundayFirst = calendar
        sundayFirst.firstWeekday = 1
        let weekend = Repetition(rule: try RecurrenceRule(rrule: "FREQ=WEEKLY;BYDAY=SA,SU"))
        #expect(weekend.description(calendar: sundayFirst) == "weekly on Sun and Sat")
        #expect(weekend.description(calendar: calendar) == "weekly on Sat and Sun")
    }
}
