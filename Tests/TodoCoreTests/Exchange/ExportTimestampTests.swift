import Foundation
import Testing

@testable import TodoCore

@Suite("Timestamps in exports and imports")
struct ExportTimestampTests {
    @Test(
        "UTC fields and formats are exact across eras, leap days and milliseconds",
        arguments: [
            ("1970-01-01T00:00:00.000Z", "19700101T000000Z"),
            ("1969-12-31T23:59:59.999Z", "19691231T235959Z"),
            ("2024-02-29T12:34:56.789Z", "20240229T123456Z"),
            ("2000-03-01T00:00:00.001Z", "20000301T000000Z"),
            ("9999-12-31T23:59:59.999Z", "99991231T235959Z"),
            ("0001-01-01T00:00:00.000Z", "00010101T000000Z"),
        ])
    func formats(extended: String, basic: String) throws {
        let date = ExportFixtures.date(extended)
        var extendedBuffer = ExportBuffer(capacity: 24)
        extendedBuffer.appendTimestamp(date)
        #expect(String(decoding: extendedBuffer.bytes, as: UTF8.self) == extended)
        #expect(ExportFixtures.basic(date) == basic)
        #expect(UTCDateTime(date).date == date)
        // Foundation switches to the Julian calendar before 1582; exports are proleptic Gregorian.
        if UTCDateTime(date).year > 1582 {
            let reference = ISO8601DateFormatter()
            reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            #expect(reference.date(from: extended)?.millisecondsSince1970 == date.millisecondsSince1970)
        }
    }

    @Test(
        "the accepted forms parse to the right kind of timestamp",
        arguments: [
            ("2025-01-12T09:30:00Z", ParsedTimestamp.instant(ExportFixtures.date("2025-01-12T09:30:00.000Z"))),
            ("2025-01-12t09:30:00.5z", .instant(ExportFixtures.date("2025-01-12T09:30:00.500Z"))),
            ("2025-01-12 09:30:00.123456+09:00", .instant(ExportFixtures.date("2025-01-12T00:30:00.123Z"))),
            ("2025-01-12T09:30:00-0130", .instant(ExportFixtures.date("2025-01-12T11:00:00.000Z"))),
            ("20250112T093000Z", .instant(ExportFixtures.date("2025-01-12T09:30:00.000Z"))),
            ("20250112T093000", .local(UTCDateTime(year: 2025, month: 1, day: 12, hour: 9, minute: 30)!)),
            ("2025-01-12T09:30:00", .local(UTCDateTime(year: 2025, month: 1, day: 12, hour: 9, minute: 30)!)),
            ("20250112", .day(UTCDateTime(year: 2025, month: 1, day: 12)!)),
            ("2025-01-12", .day(UTCDateTime(year: 2025, month: 1, day: 12)!)),
        ])
    func accepted(text: String, expected: ParsedTimestamp) {
        #expect(ParsedTimestamp.parse(text) == expected)
    }

    @Test(
        "impossible or malformed timestamps are refused",
        arguments: [
            "", "2025", "2025-02-30", "2025-13-01", "20250112T243000Z", "2025-01-12T09:61:00Z",
            "2025-01-12T09:30:00+25:00",
            "2025-01-12T09:30", "2025-01-12T09:30:00.Z", "2025-01-12X", "tomorrow", "2025-1-12",
        ])
    func refused(text: String) {
        #expect(ParsedTimestamp.parse(text) == nil)
    }

    @Test("local times and days are placed in the calendar's zone, or a given one")
    func zones() throws {
        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let local = try #require(ParsedTimestamp.parse("20250112T090000"))
        #expect(local.date(in: ExportFixtures.calendar) == ExportFixtures.date("2025-01-12T09:00:00.000Z"))
        #expect(
            local.date(in: ExportFixtures.calendar, timeZone: seoul) == ExportFixtures.date("2025-01-12T00:00:00.000Z"))
        let day = try #require(ParsedTimestamp.parse("2025-01-12"))
        #expect(
            day.date(in: ExportFixtures.calendar, timeZone: seoul) == ExportFixtures.date("2025-01-11T15:00:00.000Z"))
    }
}
