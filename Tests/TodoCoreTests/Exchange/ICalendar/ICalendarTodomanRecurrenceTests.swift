import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// todoman reading a repeating to-do todoman wrote and todo-tui completed: one to-do, the next
/// occurrence, its rule still a rule todoman completes by its own clone.
@Suite("todoman and a repeating to-do completed here")
struct ICalendarTodomanRecurrenceTests {
    static let utc = ICalendarFieldsTests.utc
    static let now = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20T00:00:00Z

    @Test(
        """
        todoman's weekly to-do completed here: todoman lists one open to-do a week later, and its own done on it \
        makes the next week's clone, as for a rule it wrote
        """,
        .enabled(if: ExternalProgram("todoman") != nil, "todoman is not installed")
    )
    func todomanReadsAdvance() throws {
        let todoman = try #require(ExternalProgram("todoman"))
        try ExternalProgram.withTemporaryDirectory { directory in
            let folder = try TodomanFolder(in: directory)
            let made = try todoman.run(
                ["new", "-l", "todos", "--due", "2026-11-21 09:30", "Water plants"], environment: folder.environment)
            #expect(made.status == 0, "\(made.error)")
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.list).first)
            let path = "\(folder.list)/\(name)"
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
                .replacingOccurrences(of: "END:VTODO\r\n", with: "RRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VTODO\r\n")
            var item = try ICalendarFormat.item(
                fromObjectResource: Array(text.utf8), name: name, now: Self.now, calendar: Self.utc)
            #expect(item.complete(at: Self.now, calendar: Self.utc) != .completed)
            item.modifiedAt = Self.now
            try ExternalProgram.write(
                ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc), to: path)
            let written = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            #expect(written.contains("RRULE:FREQ=WEEKLY;COUNT=2\r\n"), "\(written)")

            let listed = try todoman.run(["--porcelain", "list", "--status", "ANY"], environment: folder.environment)
            #expect(listed.status == 0, "\(listed.error)")
            let todos = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
            #expect(todos.count == 1)
            #expect(todos.first?["summary"] as? String == "Water plants")
            #expect(todos.first?["due"] as? Int == 1_795_858_200, "2026-11-28 09:30 UTC, a week on")
            #expect(todos.first?["completed"] as? Bool == false)

            let done = try todoman.run(["done", "1"], environment: folder.environment)
            #expect(done.status == 0, "\(done.error)")
            let after = try todoman.run(["--porcelain", "list", "--status", "ANY"], environment: folder.environment)
            let both = try #require(try JSONSerialization.jsonObject(with: Data(after.output.utf8)) as? [[String: Any]])
            let open = both.filter { $0["completed"] as? Bool == false }
            #expect(both.count == 2 && open.count == 1, "\(after.output)")
            #expect(open.first?["due"] as? Int == 1_796_463_000, "todoman's clone is due 2026-12-05 09:30 UTC")
        }
    }
}
