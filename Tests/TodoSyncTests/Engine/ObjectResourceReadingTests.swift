import Foundation
import Testing
import TodoCore

@testable import TodoSync

/// Reading many resources' iCalendar side by side gives what reading them one after the other
/// gives: the same items in the same order, and the same resources unreadable for the same reason.
@Suite("Object resources read side by side")
struct ObjectResourceReadingTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    /// Resource `index`: a to-do, or every 37th one of five kinds of unreadable.
    static func resource(_ index: Int) -> Resource {
        let lines: [String]
        switch index % 37 == 5 ? index / 37 % 5 : -1 {
        case 0: lines = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u\(index)", "SUMMARY:no end"]
        case 1: lines = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u\(index)", "END:VTODO", "END:VCALENDAR"]
        case 2: lines = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u\(index)", "a line without a colon", "END:VCALENDAR"]
        case 3:
            lines = [
                "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:a\(index)", "SUMMARY:a", "END:VTODO", "BEGIN:VTODO",
                "UID:b\(index)", "SUMMARY:b", "END:VTODO", "END:VCALENDAR",
            ]
        case 4: lines = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u\(index)", "SUMMARY:\u{FFFF}", "END:VCALENDAR"]
        default:
            lines = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VTODO", "UID:u\(index)",
                "DTSTAMP:20260101T000000Z", "CREATED:20260101T000000Z",
                "DUE;VALUE=DATE:2026\(10 + index % 3)0\(1 + index % 9)",
                "SUMMARY:to-do \(index) caf\u{E9} \u{1F600}", "CATEGORIES:a,b\(index % 4)",
                "DESCRIPTION:folded notes that go on past the fold so that the line is folded at",
                " seventy-five octets, as servers fold them", "X-OTHER;P=\"a:b\":kept \(index)", "END:VTODO",
                "END:VCALENDAR",
            ]
        }
        var bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        if index % 37 == 5, index / 37 % 5 == 4 {
            // Not UTF-8: a byte no UTF-8 text holds, in the summary.
            bytes[bytes.count - 20] = 0xFF
        }
        return Resource(
            url: URL(string: "http://127.0.0.1:5232/alice/todos/r\(index).ics")!, etag: "\"e\(index)\"", bytes: bytes)
    }

    @Test(
        "items and unreadable resources come back in the resources' order, as read one by one, on one or four threads")
    func sameAsOneByOne() {
        let resources = (0..<(ObjectResourceReading.chunkSize * 5 + 17)).map(Self.resource)
        let oneByOne = resources.map { resource in
            Result { () throws(ExchangeError) -> TodoItem in
                try ICalendarFormat.item(
                    fromObjectResource: resource.bytes, name: resource.url.absoluteString, now: Self.now,
                    calendar: Self.utc)
            }
        }
        let unreadable = oneByOne.filter {
            if case .failure = $0 { return true }
            return false
        }
        #expect(unreadable.count >= 15)
        #expect(oneByOne.count - unreadable.count > 600)
        for width in [1, 2, 4] {
            let read = ObjectResourceReading.items(of: resources, now: Self.now, calendar: Self.utc, width: width)
            #expect(read == oneByOne, "width \(width)")
        }
    }

    @Test("no resources, and fewer than one chunk, read as one by one")
    func small() {
        #expect(ObjectResourceReading.items(of: [], now: Self.now, calendar: Self.utc, width: 2).isEmpty)
        let three = (0..<3).map(Self.resource)
        let read = ObjectResourceReading.items(of: three, now: Self.now, calendar: Self.utc, width: 2)
        #expect(read.map { try? $0.get().text } == ["to-do 0 café 😀", "to-do 1 café 😀", "to-do 2 café 😀"])
    }
}
