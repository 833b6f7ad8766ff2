import Foundation
import Testing

@testable import TodoCore

/// What the first day of the week changes in the date input: `next week` and `next mon`…`next
/// sun`; what it leaves alone: `mon`…`sun`, the next such day.
@Suite("DateInput weeks")
struct DateInputWeekTests {
    /// Berlin with weeks starting on `firstWeekday` (1 Sunday, 2 Monday).
    static func berlin(firstWeekday: Int) -> Calendar {
        var calendar = DateInputTests.berlin
        calendar.firstWeekday = firstWeekday
        return calendar
    }

    /// Friday 2026-11-20, 10:00 in Berlin.
    static let friday = Date(timeIntervalSince1970: 1_795_165_200)

    func day(_ text: String, firstWeekday: Int, now: Date = friday) throws -> String {
        let calendar = Self.berlin(firstWeekday: firstWeekday)
        return DateInput.editableText(for: try DateInput.day(text, now: now, calendar: calendar), calendar: calendar)
    }

    @Test("the fixed now is Friday 2026-11-20 in Berlin")
    func fixture() {
        #expect(Self.berlin(firstWeekday: 2).component(.weekday, from: Self.friday) == 6)
        #expect(DateInput.editableText(for: Self.friday, calendar: Self.berlin(firstWeekday: 2)) == "2026-11-20T10:00")
    }

    @Test("next week is the first day of the next week: Monday 23rd, or Sunday 22nd when weeks start on Sunday")
    func nextWeek() throws {
        #expect(try day("next week", firstWeekday: 2) == "2026-11-23")
        #expect(try day("next week", firstWeekday: 1) == "2026-11-22")
        #expect(try day("Next Week", firstWeekday: 7) == "2026-11-21", "a Saturday week starts tomorrow")
    }

    @Test(
        "next mon…next sun are the days of next week, which the week start decides",
        arguments: [
            ("next mon", "2026-11-23", "2026-11-23"), ("next tue", "2026-11-24", "2026-11-24"),
            ("next wed", "2026-11-25", "2026-11-25"), ("next thursday", "2026-11-26", "2026-11-26"),
            ("next fri", "2026-11-27", "2026-11-27"), ("next sat", "2026-11-28", "2026-11-28"),
            ("next sun", "2026-11-29", "2026-11-22"),
        ])
    func nextWeekday(text: String, mondayWeeks: String, sundayWeeks: String) throws {
        #expect(try day(text, firstWeekday: 2) == mondayWeeks)
        #expect(try day(text, firstWeekday: 1) == sundayWeeks)
    }

    @Test(
        "mon…sun are the next such day whatever the week start",
        arguments: [
            ("mon", "2026-11-23"), ("tue", "2026-11-24"), ("wed", "2026-11-25"), ("thu", "2026-11-26"),
            ("fri", "2026-11-27"), ("sat", "2026-11-21"), ("sun", "2026-11-22"),
        ])
    func weekdays(text: String, expected: String) throws {
        for firstWeekday in 1...7 {
            #expect(try day(text, firstWeekday: firstWeekday) == expected, "weeks from \(firstWeekday)")
        }
    }

    @Test("a week form takes a time, keeps now's time without one, and is refused where it is no form")
    func timesAndRefusals() throws {
        let sundays = Self.berlin(firstWeekday: 1)
        let timed = try DateInput.date("next sun 9:30am", now: Self.friday, calendar: sundays)
        #expect(DateInput.editableText(for: timed, calendar: sundays) == "2026-11-22T09:30")
        #expect(DateInput.namesTimeOfDay("next mon 14:00"))
        #expect(!DateInput.namesTimeOfDay("next week"))
        let plain = try DateInput.date("next week", now: Self.friday, calendar: sundays)
        #expect(DateInput.editableText(for: plain, calendar: sundays) == "2026-11-22T10:00")
        for text in ["next", "next month", "next +3d", "next next mon", "nextweek"] {
            #expect(throws: ItemError.unknownDate(text)) {
                try DateInput.day(text, now: Self.friday, calendar: sundays)
            }
        }
    }
}
