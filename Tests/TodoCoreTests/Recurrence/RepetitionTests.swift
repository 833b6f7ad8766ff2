import Foundation
import Testing

@testable import TodoCore

@Suite("Repetition arithmetic")
struct RepetitionTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        calendar.firstWeekday = 2  // ISO weeks, as in Europe; tests of Sunday-first weeks set 1
        return calendar
    }

    static let berlin = calendar("Europe/Berlin")

    /// The instant of a wall-clock time in `calendar`'s zone.
    static func local(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, in calendar: Calendar = berlin
    )
        -> Date
    {
        let seconds = CivilDate.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60
        return WallClock.instant(localSeconds: TimeInterval(seconds), in: calendar.timeZone)
    }

    static func repetition(_ text: String, anchor: RepeatAnchor = .due) throws -> Repetition {
        Repetition(rule: try RecurrenceRule(rrule: text), anchor: anchor)
    }

    @Test("a weekly 09:00 to-do stays at 09:00 across the change to winter time")
    func wallClockKept() throws {
        let start = Self.local(2026, 10, 19, 9)
        let dates = try Self.repetition("FREQ=WEEKLY").occurrences(
            seriesStart: start, isWholeDay: false, in: Self.berlin, after: start, limit: 2)
        #expect(dates == [Self.local(2026, 10, 26, 9), Self.local(2026, 11, 2, 9)])
        #expect(dates[0].timeIntervalSince(start) == 7 * 86_400 + 3_600)
    }

    @Test("a series started decades ago jumps to the asked instant and agrees with walking from the start")
    func farJump() throws {
        let start = Self.local(1971, 1, 31, 9)
        let after = Self.local(2026, 11, 26, 12)
        for text in [
            "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "FREQ=MONTHLY",
            "FREQ=YEARLY;BYMONTH=2;BYDAY=-1SU",
        ] {
            let repetition = try Self.repetition(text)
            let all = repetition.occurrences(seriesStart: start, isWholeDay: false, in: Self.berlin, limit: 8_000)
            let walked = all.first { $0 > after }
            #expect(
                repetition.nextOccurrence(after: after, seriesStart: start, isWholeDay: false, in: Self.berlin)
                    == walked, "\(text)")
        }
    }

    @Test("weekly BYSETPOS counts from the week's first day, not from the start (RFC 5545; dateutil differs)")
    func weeklySetPositionFirstWeek() throws {
        // Thursday 2025-05-22; the week from Monday holds We 21, Th 22, Fr 23, Su 25: the 2nd is Th 22.
        let start = Self.local(2025, 5, 22, 9)
        let dates = try Self.repetition("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,WE,FR,TH;BYSETPOS=2").occurrences(
            seriesStart: start, isWholeDay: false, in: Self.berlin, limit: 3)
        #expect(dates == [start, Self.local(2025, 6, 5, 9), Self.local(2025, 6, 19, 9)])
    }

    @Test("EXDATE leaves an occurrence out after COUNT counted it; RDATE adds one outside COUNT")
    func exceptionsAndExtras() throws {
        let start = Self.local(2027, 1, 4, 9)
        var repetition = try Self.repetition("FREQ=DAILY;COUNT=4")
        repetition.exceptionDates = [Self.local(2027, 1, 5, 9)]
        repetition.extraDates = [Self.local(2027, 1, 20, 18), Self.local(2027, 1, 6, 9)]
        let dates = repetition.occurrences(seriesStart: start, isWholeDay: false, in: Self.berlin, limit: 10)
        #expect(dates == [start, Self.local(2027, 1, 6, 9), Self.local(2027, 1, 7, 9), Self.local(2027, 1, 20, 18)])
        #expect(
            repetition.nextOccurrence(after: start, seriesStart: start, isWholeDay: false, in: Self.berlin)
                == Self.local(2027, 1, 6, 9))
    }

    @Test("a whole-day series compares days and takes any instant of an excluded day")
    func wholeDay() throws {
        let start = Self.local(2027, 3, 1)
        var repetition = try Self.repetition("FREQ=DAILY")
        repetition.exceptionDates = [Self.local(2027, 3, 3, 15)]
        let dates = repetition.occurrences(
            seriesStart: start, isWholeDay: true, in: Self.berlin, after: Self.local(2027, 3, 1, 23, 59), limit: 2)
        #expect(dates == [Self.local(2027, 3, 2), Self.local(2027, 3, 4)])
    }

    @Test("after done, the series starts again on the completion day")
    func afterDone() throws {
        let due = Self.local(2027, 1, 4, 9)
        let repetition = try Self.repetition("FREQ=DAILY;INTERVAL=3", anchor: .completion)
        let next = repetition.nextOccurrence(
            completing: due, completedAt: Self.local(2027, 1, 10, 22), seriesStart: due, isWholeDay: false,
            in: Self.berlin)
        #expect(next == Self.local(2027, 1, 13, 9))
        let strict = try Self.repetition("FREQ=DAILY;INTERVAL=3")
        #expect(
            strict.nextOccurrence(
                completing: due, completedAt: Self.local(2027, 1, 10, 22), seriesStart: due, isWholeDay: false,
                in: Self.berlin) == Self.local(2027, 1, 7, 9))
        let once = try Self.repetition("FREQ=DAILY;COUNT=1", anchor: .completion)
        #expect(
            once.nextOccurrence(completing: due, completedAt: due, seriesStart: due, isWholeDay: false, in: Self.berlin)
                == nil)
    }

    @Test("a rule with no day at all ends at once")
    func emptyRule() throws {
        let start = Self.local(2027, 1, 4, 9)
        for text in ["FREQ=DAILY;BYSETPOS=2", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"] {
            #expect(
                try Self.repetition(text).occurrences(
                    seriesStart: start, isWholeDay: false, in: Self.berlin, after: start, limit: 3)
                    == [], "\(text)")
        }
    }
}
