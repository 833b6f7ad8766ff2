import Foundation
import Testing
@testable import TodoCore

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

    @Test("the editable text is 2025-01-31 or 2025-01-31T09:05 and reads back to the same minute", arguments: [
        "2025-01-31", "2025-01-31T09:05", "2025-03-30T03:30", "1000-01-01", "9999-12-31T23:59",
    ])
    func editableTextReadsBack(_ text: String) throws {
        let date = try DateInput.date(text, now: now, calendar: berlin)
        let fixed = text.count == 10 ? try DateInput.day(text, now: now, calendar: berlin) : date
        #expect(DateInput.editableText(for: fixed, calendar: berlin) == text)
        #expect(try DateInput.date(DateInput.editableText(for: fixed, calendar: berlin), now: now, calendar: berlin) == (text.count == 10 ? date : fixed))
    }
}
