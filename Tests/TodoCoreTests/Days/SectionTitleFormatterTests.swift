import Foundation
import Testing

@testable import TodoCore

@Suite("SectionTitleFormatter")
struct SectionTitleFormatterTests {
    let fixture = ControllerFixture(timeZone: "America/New_York")
    var formatter: SectionTitleFormatter { SectionTitleFormatter(calendar: fixture.calendar) }

    @Test("names are yyyy-MM-dd in the calendar's time zone")
    func names() {
        #expect(formatter.name(forDay: fixture.date(day: 0)) == "2025-01-15")
        #expect(formatter.name(forDay: fixture.date(day: 17)) == "2025-02-01")
        #expect(formatter.name(forDay: fixture.date(day: 0, hour: 23.9)) == "2025-01-15")
        #expect(formatter.name(forDay: Date(timeIntervalSince1970: 0)) == "1969-12-31")
    }

    @Test("titles are relative near today and dated otherwise, with the year outside today's year")
    func titles() {
        let today = fixture.date(day: 0, hour: 13)
        #expect(formatter.title(forDay: fixture.date(day: 0, hour: 0.5), today: today) == "Today")
        #expect(formatter.title(forDay: fixture.date(day: -1, hour: 23), today: today) == "Yesterday")
        #expect(formatter.title(forDay: fixture.date(day: 1), today: today) == "Tomorrow")
        #expect(formatter.title(forDay: fixture.date(day: -3), today: today) == "Sun 12 Jan")
        #expect(formatter.title(forDay: fixture.date(day: 2), today: today) == "Fri 17 Jan")
        #expect(formatter.title(forDay: fixture.date(day: -20), today: today) == "Thu 26 Dec 2024")
        #expect(formatter.indexTitle(forDay: fixture.date(day: -20), today: today) == "Dec 2024")
        #expect(formatter.indexTitle(forDay: fixture.date(day: 30), today: today) == "Feb")
    }

    @Test("days stay whole across a daylight-saving change")
    func daylightSaving() {
        // 2025-03-09 is 23 hours long in New York; 2025-03-10 is still "Tomorrow" from the 9th.
        let ninth = fixture.date(day: 53, hour: 12)
        #expect(formatter.name(forDay: ninth) == "2025-03-09")
        #expect(formatter.title(forDay: fixture.date(day: 54, hour: 0.5), today: ninth) == "Tomorrow")
        #expect(formatter.title(forDay: fixture.date(day: 52, hour: 23.5), today: ninth) == "Yesterday")
    }

    @Test(
        "Yesterday and Tomorrow are the neighbouring days that exist, also where midnight or a whole day is missing",
        arguments: ["America/Sao_Paulo", "America/Havana", "America/Santiago", "Asia/Beirut", "Pacific/Apia"])
    func relativeTitlesAreNeighbouringDays(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        let formatter = SectionTitleFormatter(calendar: calendar)
        // Sao Paulo's midnight was missing on 4 Nov 2018, Havana's on 4 Nov 2018 came twice; Apia
        // skipped 30 Dec 2011. Walked hour by hour: the names an hour before today's first hour
        // and an hour after its last are yesterday's and tomorrow's.
        for start in [Date(timeIntervalSince1970: 1_538_352_000), Date(timeIntervalSince1970: 1_324_512_000)] {
            for step in stride(from: 0, to: 24 * 40, by: 5) {
                let today = start.addingTimeInterval(Double(step) * 3_600)
                let todayName = formatter.name(forDay: today)
                var before = today
                while formatter.name(forDay: before) == todayName { before.addTimeInterval(-3_600) }
                var after = today
                while formatter.name(forDay: after) == todayName { after.addTimeInterval(3_600) }
                let expected = [
                    formatter.name(forDay: before): "Yesterday", todayName: "Today",
                    formatter.name(forDay: after): "Tomorrow",
                ]
                let reference = formatter.reference(for: today)
                for offset in stride(from: -60, through: 60, by: 1) {
                    let day = today.addingTimeInterval(Double(offset) * 3_600)
                    let labels = formatter.labels(forDay: day, reference: reference)
                    #expect(labels.name == formatter.name(forDay: day))
                    if let title = expected[labels.name] {
                        #expect(labels.title == title, "\(zone) today \(todayName) day \(labels.name)")
                    } else {
                        #expect(
                            !expected.values.contains(labels.title), "\(zone) today \(todayName) day \(labels.name)")
                    }
                }
            }
        }
    }
}

/// Day headers by a `DayTitleFormat`: patterns, and which days get relative names.
@Suite("Day title formats")
struct DayTitleFormatTests {
    let fixture = ControllerFixture(timeZone: "America/New_York")

    func formatter(
        _ pattern: String, _ relative: DayTitleFormat.RelativeDays, firstWeekday: Int = 2
    ) throws
        -> SectionTitleFormatter
    {
        var calendar = fixture.calendar
        calendar.firstWeekday = firstWeekday
        return SectionTitleFormatter(
            calendar: calendar, format: try DayTitleFormat(pattern: pattern, relativeDays: relative))
    }

    @Test("the standard format is the list's own headers")
    func standard() throws {
        let today = fixture.date(day: 0, hour: 13)
        let standard = SectionTitleFormatter(calendar: fixture.calendar)
        let same = try formatter("{weekday} {day} {month}", .near)
        for day in [-20, -3, -1, 0, 1, 2, 400] {
            #expect(
                standard.title(forDay: fixture.date(day: day), today: today)
                    == same.title(forDay: fixture.date(day: day), today: today))
        }
        #expect(DayTitleFormat.standard.pattern == "{weekday} {day} {month}")
    }

    @Test("every token, and the year only when the pattern has none and the day is in another year")
    func tokens() throws {
        let today = fixture.date(day: 0, hour: 13)
        let all = try formatter("{weekday-long} {day2}.{month2} ({month-long}, {weekday}) {year}", .none)
        #expect(all.title(forDay: fixture.date(day: 2), today: today) == "Friday 17.01 (January, Fri) 2025")
        #expect(all.title(forDay: fixture.date(day: 0), today: today) == "Wednesday 15.01 (January, Wed) 2025")
        let us = try formatter("{month} {day}", .near)
        #expect(us.title(forDay: fixture.date(day: 2), today: today) == "Jan 17")
        #expect(us.title(forDay: fixture.date(day: -20), today: today) == "Dec 26 2024")
        #expect(us.title(forDay: fixture.date(day: 0), today: today) == "Today")
    }

    @Test("week: this week's days by name, next week's and last week's with Next and Last, by the week start")
    func weekNames() throws {
        // Wednesday 2025-01-15: Monday weeks run 13–19 Jan, Sunday weeks 12–18 Jan.
        let today = fixture.date(day: 0, hour: 13)
        let monday = try formatter("{weekday} {day} {month}", .week, firstWeekday: 2)
        let sunday = try formatter("{weekday} {day} {month}", .week, firstWeekday: 1)
        let expected: [(day: Int, monday: String, sunday: String)] = [
            (-10, "Sun 5 Jan", "Last Sunday"), (-9, "Last Monday", "Last Monday"), (-3, "Last Sunday", "Sunday"),
            (-2, "Monday", "Monday"), (-1, "Yesterday", "Yesterday"), (0, "Today", "Today"),
            (1, "Tomorrow", "Tomorrow"), (3, "Saturday", "Saturday"), (4, "Sunday", "Next Sunday"),
            (5, "Next Monday", "Next Monday"), (10, "Next Saturday", "Next Saturday"),
            (11, "Next Sunday", "Sun 26 Jan"),
            (12, "Mon 27 Jan", "Mon 27 Jan"),
        ]
        for (day, mondayTitle, sundayTitle) in expected {
            #expect(monday.title(forDay: fixture.date(day: day), today: today) == mondayTitle, "day \(day)")
            #expect(sunday.title(forDay: fixture.date(day: day), today: today) == sundayTitle, "day \(day)")
        }
    }

    @Test("an unknown token or an unclosed brace is refused at its offset")
    func badPatterns() {
        #expect(throws: DayTitleFormat.PatternError(token: "{wekday}", offset: 0)) {
            try DayTitleFormat(pattern: "{wekday} {day}", relativeDays: .near)
        }
        #expect(throws: DayTitleFormat.PatternError(token: "{", offset: 6)) {
            try DayTitleFormat(pattern: "{day} {month", relativeDays: .near)
        }
        let error = DayTitleFormat.PatternError(token: "{wekday}", offset: 0)
        #expect(error.description.hasPrefix("{wekday} is not a token; use {weekday}"))
    }
}
