import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// VTODOs as other clients write them survive an edit in todo-tui: every line outside the
/// edited field comes back from the server as the other client wrote it.
@Suite("What other clients wrote survives a sync", .serialized)
struct SyncForeignPropertyTests {
    /// As tasks.org, Thunderbird and Apple Reminders write them: a VALARM, an RRULE, RELATED-TO,
    /// CATEGORIES, PRIORITY 2, a DESCRIPTION, X-APPLE-* and X-MOZ-* properties, a DUE with a TZID
    /// (and its VTIMEZONE), and a UID that is no UUID.
    static let phoneTodo = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tasks.org//android//EN",
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
        "END:VTIMEZONE",
        "BEGIN:VTODO", "UID:20261120T101010-4711@phone.example.org", "DTSTAMP:20261120T101010Z",
        "CREATED:20261120T101010Z", "LAST-MODIFIED:20261120T101010Z", "SUMMARY:Water the plants",
        "DESCRIPTION:Balcony first\\, then the kitchen", "DUE;TZID=Europe/Berlin:20261128T180000", "PRIORITY:2",
        "CATEGORIES:home,garden", "STATUS:NEEDS-ACTION", "RRULE:FREQ=WEEKLY;BYDAY=SA",
        "RELATED-TO;RELTYPE=PARENT:20261101T090000-1@phone.example.org", "X-APPLE-SORT-ORDER:612345678",
        "X-MOZ-GENERATION:3", "SEQUENCE:3", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder",
        "TRIGGER;RELATED=END:-PT30M", "END:VALARM", "END:VTODO", "END:VCALENDAR",
    ]

    /// The unfolded content lines of an iCalendar text.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test("an edit of the summary rewrites only the summary", arguments: CalDAVTestServer.Kind.allCases)
    func survives(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let url = collection.appendingPathComponent("phone-4711.ics")
        let written = Self.phoneTodo.joined(separator: "\r\n") + "\r\n"
        let put = try a.client.put(url, Array(written.utf8), ifMatch: nil)
        guard case .stored = put else {
            Issue.record("the server refused the phone's VTODO: \(put)")
            return
        }
        // The server's copy is the reference: Xandikos re-orders an RRULE's parts when it stores one.
        let original = try #require(try a.client.get(url))
        try a.sync()
        let item = try #require(try a.item("Water the plants"))
        #expect(item.priority == .high && Array(item.tags) == ["home", "garden"])
        #expect(item.repetition?.rule.rruleText == "FREQ=WEEKLY;BYDAY=SA" && !item.foreign.isRecurring)
        try a.edit("Water the plants") { $0.text = "Water the plants and the herbs" }
        #expect(try a.sync().pushedChanged == 1)

        let stored = try #require(try a.client.get(url), "the item stays at the phone's URL")
        let after = Self.lines(String(decoding: stored.bytes, as: UTF8.self))
        let before = Self.lines(String(decoding: original.bytes, as: UTF8.self))
        // Rewritten by design: the producer, the stamp, the edited field and its bookkeeping.
        let ours: Set<String> = ["PRODID", "DTSTAMP", "LAST-MODIFIED", "SUMMARY", "SEQUENCE"]
        func kept(_ lines: [String]) -> [String] {
            lines.filter { !ours.contains(String($0.prefix { $0 != ":" && $0 != ";" })) }
        }
        #expect(kept(after).sorted() == kept(before).sorted(), "every other line as the phone wrote it")
        #expect(after.contains("SUMMARY:Water the plants and the herbs"))
        #expect(after.contains("SEQUENCE:4"), "the phone's SEQUENCE goes one up")
        #expect(try a.client.listTodos(collection).count == 1, "no second copy")
    }
}
