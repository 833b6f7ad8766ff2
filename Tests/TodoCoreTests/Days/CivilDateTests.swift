import Foundation
import Testing

// `CivilDate` is internal: the day arithmetic every date format of the package shares.
@testable import TodoCore

@Suite("Civil dates")
struct CivilDateTests {
    @Test("day numbers agree with Foundation's Gregorian calendar from its first day on")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = CivilDate.dayNumber(year: 1582, month: 10, day: 15)
        for days in stride(from: first, through: CivilDate.dayNumber(year: 9999, month: 12, day: 31), by: 367) {
            let date = Date(timeIntervalSince1970: Double(days) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let (year, month, day) = CivilDate.date(ofDayNumber: days)
            #expect([year, month, day] == [parts.year, parts.month, parts.day], "day \(days)")
        }
    }

    @Test("known days: the epoch, the leap days around it, the first and last of the store's years")
    func knownDays() {
        #expect(CivilDate.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDate.dayNumber(year: 1969, month: 12, day: 31) == -1)
        let leapDay = CivilDate.dayNumber(year: 2000, month: 2, day: 29)
        #expect(CivilDate.date(ofDayNumber: leapDay + 1) == (2000, 3, 1))
        let noLeapDay = CivilDate.dayNumber(year: 1900, month: 2, day: 28)
        #expect(CivilDate.date(ofDayNumber: noLeapDay + 1) == (1900, 3, 1))
        #expect(CivilDate.dayNumber(year: 0, month: 1, day: 1) == -719_528)
        #expect(CivilDate.date(ofDayNumber: 2_932_896) == (9999, 12, 31))
    }

    @Test("month lengths follow the leap-year rule")
    func monthLengths() {
        #expect(CivilDate.lastDay(ofMonth: 2, year: 2024) == 29)
        #expect(CivilDate.lastDay(ofMonth: 2, year: 2100) == 28)
        #expect(CivilDate.lastDay(ofMonth: 2, year: 2000) == 29)
        #expect(CivilDate.lastDay(ofMonth: 4, year: 2025) == 30)
        #expect(CivilDate.lastDay(ofMonth: 12, year: 2025) == 31)
    }

    @Test("an instant before 1970 falls on the day it lies in")
    func daysBeforeTheEpoch() {
        #expect(CivilDate.day(containing: -1, unitsPerDay: 86_400) == (-1, 86_399))
        #expect(CivilDate.day(containing: -86_400, unitsPerDay: 86_400) == (-1, 0))
        #expect(CivilDate.day(containing: 86_399_999, unitsPerDay: 86_400_000) == (0, 86_399_999))
    }
}
