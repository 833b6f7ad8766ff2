import Foundation
import Testing

@testable import TodoCore

@Suite("DateInput")
struct DateInputTests {
    /// Berlin: CET (UTC+1) in winter, CEST (UTC+2) from 2025-03-30 02:00 to 2025-10-26 03:00.
    static let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// Wednesday 2025-01-15, 10:20:30.456 in Berlin.
    static let now = Date(millisecondsSince1970: 1_736_932_830_456)

    func day(_ text: String, now: Date = now, calendar: Calendar = berlin) throws -> String {
        try DateInput.day(text, now: now, calendar: calendar).iso8601UTC
    }

    func date(_ text: String, now: Date = now, calendar: Calendar = berlin) throws -> String {
        try DateInput.date(text, now: now, calendar: calendar).iso8601UTC
    }

    @Test("the fixed now is Wednesday 2025-01-15 10:20:30.456 in Berlin")
    func fixture() {
        #expect(Self.now.iso8601UTC == "2025-01-15T09:20:30.456Z")
        #expect(Self.berlin.component(.weekday, from: Self.now) == 4)
    }

    @Test("today, tomorrow and yesterday name days around now")
    func namedDays() throws {
        #expect(try day("today") == "2025-01-14T23:00:00.000Z")
        #expect(try day("tomorrow") == "2025-01-15T23:00:00.000Z")
        #expect(try day("yesterday") == "2025-01-13T23:00:00.000Z")
        #expect(try DateInput.date("today", now: Self.now, calendar: Self.berlin) == Self.now)
        #expect(try date("tomorrow") == "2025-01-16T09:20:30.456Z")
        #expect(try date("yesterday") == "2025-01-14T09:20:30.456Z")
    }

    @Test("words are case-insensitive and surrounding white space is ignored")
    func caseAndSpace() throws {
        #expect(try day("  TOMORROW ") == "2025-01-15T23:00:00.000Z")
        #expect(try day("Fri") == "2025-01-16T23:00:00.000Z")
        #expect(try day("FRIDAY") == "2025-01-16T23:00:00.000Z")
        #expect(try day("+3D") == "2025-01-17T23:00:00.000Z")
        #expect(try date("2025-01-31t09:30") == "2025-01-31T08:30:00.000Z")
    }

    @Test(
        "a weekday is its next occurrence strictly after today, a week ahead when today is that day",
        arguments: [
            ("mon", "2025-01-19T23:00:00.000Z"), ("tue", "2025-01-20T23:00:00.000Z"),
            ("wed", "2025-01-21T23:00:00.000Z"), ("thu", "2025-01-15T23:00:00.000Z"),
            ("fri", "2025-01-16T23:00:00.000Z"), ("sat", "2025-01-17T23:00:00.000Z"),
            ("sun", "2025-01-18T23:00:00.000Z"), ("monday", "2025-01-19T23:00:00.000Z"),
            ("tuesday", "2025-01-20T23:00:00.000Z"), ("wednesday", "2025-01-21T23:00:00.000Z"),
            ("thursday", "2025-01-15T23:00:00.000Z"), ("friday", "2025-01-16T23:00:00.000Z"),
            ("saturday", "2025-01-17T23:00:00.000Z"), ("sunday", "2025-01-18T23:00:00.000Z"),
        ]
    )
    func weekdays(name: String, expected: String) throws {
        #expect(try day(name) == expected)
    }

    @Test("a weekday keeps the time of day of now")
    func weekdayInstant() throws {
        #expect(try date("wed") == "2025-01-22T09:20:30.456Z")
        #expect(try date("thu") == "2025-01-16T09:20:30.456Z")
    }

    @Test("signed day and week offsets count from today")
    func offsets() throws {
        #expect(try day("+3d") == "2025-01-17T23:00:00.000Z")
        #expect(try day("-2d") == "2025-01-12T23:00:00.000Z")
        #expect(try day("+0d") == "2025-01-14T23:00:00.000Z")
        #expect(try day("+17d") == "2025-01-31T23:00:00.000Z")
        #expect(try day("+1w") == "2025-01-21T23:00:00.000Z")
        #expect(try day("-2w") == "2024-12-31T23:00:00.000Z")
        #expect(try date("+3d") == "2025-01-18T09:20:30.456Z")
        #expect(try day("-1000w") == "2005-11-15T23:00:00.000Z")
        #expect(try day("+100441d") == "2300-01-14T23:00:00.000Z")
    }

    @Test("an ISO day is that day, at now's time of day for an instant, in the local offset of that day")
    func isoDays() throws {
        #expect(try day("2025-01-31") == "2025-01-30T23:00:00.000Z")
        #expect(try date("2025-01-31") == "2025-01-31T09:20:30.456Z")
        #expect(try day("2025-07-01") == "2025-06-30T22:00:00.000Z")
        #expect(try date("2025-07-01") == "2025-07-01T08:20:30.456Z")
        #expect(try date("2024-12-25") == "2024-12-25T09:20:30.456Z")
        #expect(try day("2024-02-29") == "2024-02-28T23:00:00.000Z")
        #expect(try day("2000-02-29") == "2000-02-28T23:00:00.000Z")
        #expect(
            try DateInput.day("1000-01-01", now: Self.now, calendar: Self.berlin).timeIntervalSince1970
                == -30_610_227_208)
        #expect(try day("9999-12-31") == "9999-12-30T23:00:00.000Z")
    }

    @Test("an ISO local time is exactly that wall-clock time, its day the day it falls on")
    func isoTimes() throws {
        #expect(try date("2025-01-31T09:30") == "2025-01-31T08:30:00.000Z")
        #expect(try date("2025-01-31 09:30") == "2025-01-31T08:30:00.000Z")
        #expect(try date("2025-07-01T00:00") == "2025-06-30T22:00:00.000Z")
        #expect(try date("2025-07-01T23:59") == "2025-07-01T21:59:00.000Z")
        #expect(try day("2025-01-31T09:30") == "2025-01-30T23:00:00.000Z")
        #expect(try day("2025-01-31 23:59") == "2025-01-30T23:00:00.000Z")
    }

    @Test("days around the spring-forward change have 23 hours and keep the wall-clock time")
    func springForward() throws {
        // Saturday 2025-03-29 12:00 CET; the next night clocks jump from 02:00 to 03:00.
        let saturday = Date(millisecondsSince1970: 1_743_246_000_000)
        #expect(saturday.iso8601UTC == "2025-03-29T11:00:00.000Z")
        #expect(try day("tomorrow", now: saturday) == "2025-03-29T23:00:00.000Z")
        #expect(try day("+2d", now: saturday) == "2025-03-30T22:00:00.000Z")
        #expect(try date("tomorrow", now: saturday) == "2025-03-30T10:00:00.000Z")
        #expect(try date("sun", now: saturday) == "2025-03-30T10:00:00.000Z")
        #expect(try date("2025-03-31", now: saturday) == "2025-03-31T10:00:00.000Z")
        let sunday = try DateInput.dayInterval("2025-03-30", now: saturday, calendar: Self.berlin)
        #expect(sunday.duration == 23 * 3_600)
    }

    @Test("a wall-clock time skipped by the change moves forward by the gap, and stays on its day")
    func skippedTime() throws {
        #expect(try date("2025-03-30T02:30") == "2025-03-30T01:30:00.000Z")
        #expect(try date("2025-03-30T03:30") == "2025-03-30T01:30:00.000Z")
        #expect(try date("2025-03-30T01:59") == "2025-03-30T00:59:00.000Z")
        // Now at 02:30 on Saturday: Sunday has no 02:30, so tomorrow is 03:30 CEST.
        let nightBefore = Date(millisecondsSince1970: 1_743_211_800_000)
        #expect(nightBefore.iso8601UTC == "2025-03-29T01:30:00.000Z")
        #expect(try date("tomorrow", now: nightBefore) == "2025-03-30T01:30:00.000Z")
        #expect(try day("tomorrow", now: nightBefore) == "2025-03-29T23:00:00.000Z")
    }

    @Test("the autumn day has 25 hours and a repeated wall-clock time is the earlier one")
    func fallBack() throws {
        #expect(try date("2025-10-26T02:30") == "2025-10-26T00:30:00.000Z")
        let sunday = try DateInput.dayInterval("2025-10-26", now: Self.now, calendar: Self.berlin)
        #expect(sunday.start.iso8601UTC == "2025-10-25T22:00:00.000Z")
        #expect(sunday.duration == 25 * 3_600)
    }

    @Test("ISO dates are Gregorian whatever calendar counts the days")
    func otherCalendars() throws {
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
        #expect(try day("2025-01-31", calendar: japanese) == "2025-01-30T15:00:00.000Z")
        #expect(try day("today", calendar: japanese) == "2025-01-14T15:00:00.000Z")
        #expect(try date("2025-01-31T09:30", calendar: japanese) == "2025-01-31T00:30:00.000Z")
    }

    @Test(
        "forms that are not dates are refused as unknown, quoting the trimmed text",
        arguments: [
            "tomorow", "", "  ", "3d", "+d", "+3x", "+-3d", "+3dd", "2025-1-5", "2025/01/31", "20250131",
            "2025-01-31T9:30", "2025-01-31T09:30:00", "2025-01-31T09:30Z", "2025-01-31X09:30", "next", "next wek",
            "next 3d",
            "２０２５-01-31", "mo", "thurs", "2025-01-3a",
        ]
    )
    func unknownForms(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        #expect(throws: ItemError.unknownDate(trimmed)) {
            try DateInput.day(text, now: Self.now, calendar: Self.berlin)
        }
        #expect(throws: ItemError.unknownDate(trimmed)) {
            try DateInput.date(text, now: Self.now, calendar: Self.berlin)
        }
    }

    @Test(
        "days, times and years that do not exist are refused with the reason",
        arguments: [
            ("2025-02-30", DateInput.Problem.dayOutOfRange(year: 2025, month: 2, lastDay: 28)),
            ("2025-02-29", .dayOutOfRange(year: 2025, month: 2, lastDay: 28)),
            ("1900-02-29", .dayOutOfRange(year: 1900, month: 2, lastDay: 28)),
            ("2025-04-31", .dayOutOfRange(year: 2025, month: 4, lastDay: 30)),
            ("2025-01-00", .dayOutOfRange(year: 2025, month: 1, lastDay: 31)),
            ("2025-01-32T10:00", .dayOutOfRange(year: 2025, month: 1, lastDay: 31)),
            ("2025-13-01", .monthOutOfRange),
            ("2025-00-10", .monthOutOfRange),
            ("0999-12-31", .yearOutOfRange),
            ("0000-01-01", .yearOutOfRange),
            ("2025-01-31T24:00", .hourOutOfRange),
            ("2025-01-31T23:60", .minuteOutOfRange),
            ("+3660001d", .yearOutOfRange),
            ("+99999999d", .yearOutOfRange),
            ("-999999999999999999999w", .yearOutOfRange),
            ("+3000000d", .yearOutOfRange),
        ]
    )
    func invalidDates(text: String, problem: DateInput.Problem) {
        #expect(throws: ItemError.invalidDate(text, problem: problem)) {
            try DateInput.day(text, now: Self.now, calendar: Self.berlin)
        }
    }

    @Test("a day reached by an offset must lie in the supported years")
    func offsetYears() {
        let lastDay = Date(millisecondsSince1970: 253_402_250_000_000)
        #expect(throws: ItemError.invalidDate("tomorrow", problem: .yearOutOfRange)) {
            try DateInput.date("tomorrow", now: lastDay, calendar: Self.berlin)
        }
        #expect(throws: ItemError.invalidDate("-400000w", problem: .yearOutOfRange)) {
            try DateInput.day("-400000w", now: Self.now, calendar: Self.berlin)
        }
    }

    @Test("messages are one sentence naming the text and the accepted forms or the reason")
    func messages() {
        #expect(
            ItemError.unknownDate("tomorow").description
                == "Unknown date 'tomorow'; use today, tomorrow, yesterday, a weekday (mon…sun), next week, "
                + "next mon…next sun, +3d, -2d, +1w, 2025-01-31 or 2025-01-31T09:30, "
                + "each optionally followed by a time (tomorrow 9:00, tue 14:30), or a time alone for today (9am, "
                + "9:30pm, 18:00)."
        )
        #expect(
            ItemError.invalidDate("2025-02-30", problem: .dayOutOfRange(year: 2025, month: 2, lastDay: 28)).description
                == "Invalid date '2025-02-30'; 2025-02 has days 01 to 28.")
        #expect(
            ItemError.invalidDate("2025-13-01", problem: .monthOutOfRange).description
                == "Invalid date '2025-13-01'; months run from 01 to 12.")
        #expect(
            ItemError.invalidDate("2025-01-31T24:00", problem: .hourOutOfRange).description
                == "Invalid date '2025-01-31T24:00'; hours run from 00 to 23 (times are written 9:30, 14:30, 9am or "
                + "9:30pm)."
        )
        #expect(
            ItemError.invalidDate("2025-01-31T23:60", problem: .minuteOutOfRange).description
                == "Invalid date '2025-01-31T23:60'; minutes run from 00 to 59 (times are written 9:30, 14:30, 9am or "
                + "9:30pm)."
        )
        #expect(
            ItemError.invalidDate("+99999999d", problem: .yearOutOfRange).description
                == "Invalid date '+99999999d'; only the years 1000 to 9999 are supported.")
    }

    @Test(
        """
        re-dating to a day keeps the item's wall-clock time to the millisecond, across daylight-saving changes; a \
        typed time is taken as it is
        """
    )
    func redate() throws {
        func redate(_ itemUTC: String, _ text: String) throws -> String {
            let format = ISO8601DateFormatter()
            format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let item = try #require(format.date(from: itemUTC))
            return try DateInput.redate(item, to: text, now: Self.now, calendar: Self.berlin).iso8601UTC
        }
        // 07:45:12.345 in Berlin (CET) on 2025-01-10, moved to tomorrow (2025-01-16).
        #expect(try redate("2025-01-10T06:45:12.345Z", "tomorrow") == "2025-01-16T06:45:12.345Z")
        // Into summer time: 07:45 CET → 07:45 CEST on 2025-04-01, an hour earlier in UTC.
        #expect(try redate("2025-01-10T06:45:12.345Z", "2025-04-01") == "2025-04-01T05:45:12.345Z")
        // 02:30 does not exist on 2025-03-30 in Berlin: it moves forward by the gap, to 03:30.
        #expect(try redate("2025-01-10T01:30:00.000Z", "2025-03-30") == "2025-03-30T01:30:00.000Z")
        #expect(try redate("2025-01-10T06:45:12.345Z", "2025-02-01T09:30") == "2025-02-01T08:30:00.000Z")
        #expect(throws: ItemError.self) { try redate("2025-01-10T06:45:12.345Z", "someday") }
    }
}
