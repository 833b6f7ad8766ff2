import Foundation
import Testing
import TodoCore

/// `DateInput`'s one rule for "has a time", the time shown, and the editable text read back.
@Suite("DateInput time of day")
struct DateInputTimeOfDayTests {
    let berlin = DateInputTests.berlin
    let now = DateInputTests.now

    @Test("a date at local midnight has no time; any other instant has one, shown as HH:MM")
    func hasTime() throws {
        let midnight = try DateInput.day("2025-01-31", now: now, calendar: berlin)
        #expect(!DateInput.hasTime(midnight, calendar: berlin))
        #expect(DateInput.timeOfDay(midnight, calendar: berlin) == nil)
        let morning = try DateInput.date("2025-01-31T09:05", now: now, calendar: berlin)
        #expect(DateInput.hasTime(morning, calendar: berlin))
        #expect(DateInput.timeOfDay(morning, calendar: berlin) == "09:05")
        #expect(DateInput.timeOfDay(now, calendar: berlin) == "10:20", "seconds are dropped")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        #expect(DateInput.hasTime(midnight, calendar: utc), "midnight in Berlin is 23:00 in UTC")
    }

    @Test(
        "a 12-hour clock writes 9:05am, 12:00pm at noon and 12:30am after midnight, each read back to the same time",
        arguments: [
            ("2025-01-31T09:05", "9:05am"), ("2025-01-31T12:00", "12:00pm"), ("2025-01-31T00:30", "12:30am"),
            ("2025-01-31T13:45", "1:45pm"), ("2025-01-31T23:59", "11:59pm"),
        ])
    func twelveHourClock(typed: String, written: String) throws {
        let date = try DateInput.date(typed, now: now, calendar: berlin)
        #expect(DateInput.timeOfDay(date, calendar: berlin, clock: .twelveHour) == written)
        #expect(DateInput.timeOfDay(date, calendar: berlin, clock: .twentyFourHour) == String(typed.suffix(5)))
        let readBack = try DateInput.date("2025-01-31 " + written, now: now, calendar: berlin)
        #expect(readBack == date)
        let midnight = try DateInput.day("2025-01-31", now: now, calendar: berlin)
        #expect(DateInput.timeOfDay(midnight, calendar: berlin, clock: .twelveHour) == nil)
    }

    @Test(
        "the editable text is 2025-01-31 or 2025-01-31T09:05 and reads back to the same minute",
        arguments: [
            "2025-01-31", "2025-01-31T09:05", "2025-03-30T03:30", "1000-01-01", "9999-12-31T23:59",
        ])
    func editableTextReadsBack(_ text: String) throws {
        let date = try DateInput.date(text, now: now, calendar: berlin)
        let fixed = text.count == 10 ? try DateInput.day(text, now: now, calendar: berlin) : date
        #expect(DateInput.editableText(for: fixed, calendar: berlin) == text)
        #expect(
            try DateInput.date(DateInput.editableText(for: fixed, calendar: berlin), now: now, calendar: berlin)
                == (text.count == 10 ? date : fixed))
    }
}

extension DateInputTimeOfDayTests {
    /// `text` read at the fixed now (Wednesday 2025-01-15 10:20 in Berlin), as local `YYYY-MM-DDTHH:MM`.
    func local(_ text: String) throws -> String {
        DateInput.editableText(for: try DateInput.date(text, now: now, calendar: berlin), calendar: berlin)
    }

    @Test(
        "a time after a day, or alone for today, is that wall-clock time",
        arguments: [
            ("tomorrow 9:00", "2025-01-16T09:00"), ("tue 14:30", "2025-01-21T14:30"), ("9am", "2025-01-15T09:00"),
            ("9:30pm", "2025-01-15T21:30"), ("today 18:00", "2025-01-15T18:00"), ("12am", "2025-01-15"),
            ("12pm", "2025-01-15T12:00"), ("12:05AM", "2025-01-15T00:05"), ("  Tomorrow   7:05  ", "2025-01-16T07:05"),
            ("+2d 9am", "2025-01-17T09:00"), ("2025-03-30 02:30", "2025-03-30T03:30"),
            ("2025-03-30 2:30am", "2025-03-30T03:30"),
            ("friday 0:00", "2025-01-17"), ("23:59", "2025-01-15T23:59"), ("yesterday 09:15", "2025-01-14T09:15"),
        ])
    func timeForms(_ text: String, _ expected: String) throws {
        #expect(try local(text) == expected)
    }

    @Test(
        "a time that does not exist is refused naming the written forms",
        arguments: [
            ("25:00", DateInput.Problem.hourOutOfRange), ("9:75", .minuteOutOfRange),
            ("tomorrow 24:00", .hourOutOfRange),
            ("13pm", .twelveHourOutOfRange), ("0am", .twelveHourOutOfRange), ("tue 9:60am", .minuteOutOfRange),
        ])
    func badTimes(_ text: String, _ problem: DateInput.Problem) throws {
        #expect(throws: ItemError.invalidDate(text, problem: problem)) {
            try DateInput.date(text, now: now, calendar: berlin)
        }
        let message = ItemError.invalidDate(text, problem: problem).description
        #expect(message.contains("times are written 9:30, 14:30, 9am or 9:30pm"), "\(message)")
    }

    @Test(
        "shapes that are no time stay unknown dates, naming every form",
        arguments: [
            "9", "930", "9:5", "9:300", "9 am", "am", "9:30 pm", "tomorrow9:00", "someday 9:00",
            "2025-01-31T09:30 10:00", "9am tomorrow",
        ])
    func notTimes(_ text: String) {
        #expect(throws: ItemError.unknownDate(text)) { try DateInput.date(text, now: now, calendar: berlin) }
        #expect(ItemError.unknownDate(text).description.contains("tomorrow 9:00"))
    }

    @Test("re-dating to a form with a time takes the time; the filter's day forms ignore it")
    func redateAndDay() throws {
        let item = try DateInput.date("2025-01-20T08:00", now: now, calendar: berlin)
        let moved = try DateInput.redate(item, to: "tomorrow 9:30", now: now, calendar: berlin)
        #expect(DateInput.editableText(for: moved, calendar: berlin) == "2025-01-16T09:30")
        let day = try DateInput.day("tomorrow 9:30", now: now, calendar: berlin)
        #expect(DateInput.editableText(for: day, calendar: berlin) == "2025-01-16")
    }
}
