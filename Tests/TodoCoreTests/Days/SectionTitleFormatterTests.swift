import Foundation
import Testing
import TodoCore

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
