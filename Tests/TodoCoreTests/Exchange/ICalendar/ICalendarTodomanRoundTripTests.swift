import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// A vdir todoman itself wrote, with the lines a phone client adds, through todo-tui and back.
@Suite("iCalendar round trip of a vdir todoman wrote")
struct ICalendarTodomanRoundTripTests {
    static let now = ICalendarFieldsTests.now
    static let utc = ICalendarFieldsTests.utc

    /// Lines in the shape tasks.org and jtx Board write (a weekly repeat, a parent, a reminder at
    /// the due time, a vendor property), added to each todoman VTODO.
    static let phoneLines = [
        "RRULE:FREQ=WEEKLY;INTERVAL=1", "RELATED-TO;RELTYPE=PARENT:4488771212", "X-APPLE-SORT-ORDER:687452301",
        "BEGIN:VALARM", "TRIGGER;RELATED=END:PT0S", "ACTION:DISPLAY", "DESCRIPTION:Default Tasks.org description",
        "END:VALARM",
    ]

    /// The VTODO's content lines, unfolded: its properties sorted, its subcomponents in order.
    static func todoLines(_ bytes: [UInt8]) -> (properties: [String], blocks: [String]) {
        let lines = ICalendarFieldsTests.unfolded(bytes)
        guard let begin = lines.firstIndex(of: "BEGIN:VTODO"), let end = lines.lastIndex(of: "END:VTODO") else {
            return ([], [])
        }
        var properties: [String] = []
        var blocks: [String] = []
        var depth = 0
        for line in lines[(begin + 1)..<end] {
            if line.hasPrefix("BEGIN:") { depth += 1 }
            if depth > 0 { blocks.append(line) } else { properties.append(line) }
            if line.hasPrefix("END:") { depth -= 1 }
        }
        return (properties.sorted(), blocks)
    }

    @Test(
        """
        todoman's files with a phone's lines: import, one field edited, export; every other line as read, and \
        todoman reads the edit
        """,
        .enabled(if: ExternalProgram("todoman") != nil, "todoman is not installed")
    )
    func todomanRoundTrip() throws {
        let todoman = try #require(ExternalProgram("todoman"))
        try ExternalProgram.withTemporaryDirectory { directory in
            let todomanFolder = try TodomanFolder(in: directory)
            let list = todomanFolder.list
            let environment = todomanFolder.environment
            let day = try todoman.run(
                ["new", "-l", "todos", "--priority", "high", "--due", "2026-11-20", "-r", "Paint the fence"],
                environment: environment, input: Array("White, not grey; twice.".utf8))
            #expect(day.status == 0, "\(day.error)")
            let timed = try todoman.run(
                ["new", "-l", "todos", "--priority", "medium", "--due", "2026-11-21 09:30", "Water plants"],
                environment: environment)
            #expect(timed.status == 0, "\(timed.error)")

            var files: [ExportedFile] = []
            for name in try FileManager.default.contentsOfDirectory(atPath: list).sorted() {
                let text = String(
                    decoding: FileManager.default.contents(atPath: "\(list)/\(name)") ?? Data(), as: UTF8.self)
                let added = text.replacingOccurrences(
                    of: "END:VTODO\r\n", with: Self.phoneLines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\n")
                files.append(ExportedFile(name: name, bytes: Array(added.utf8)))
            }
            #expect(files.count == 2)
            let items = try ExportFormat.vdir.parse(
                .directory(name: "todos", files: files), now: Self.now, calendar: Self.utc)
            let paint = try #require(items.first { $0.text == "Paint the fence" })
            let water = try #require(items.first { $0.text == "Water plants" })
            #expect(paint.priority == .high && !paint.hasTime && paint.notes.hasPrefix("White, not grey; twice."))
            #expect(
                water.priority == .medium && water.hasTime && water.date == Date(timeIntervalSince1970: 1_795_253_400))
            #expect(paint.repeats && water.repeats)

            var edited = paint
            edited.priority = .low
            edited.modifiedAt = Self.now
            let ours: Set<String> = ["DTSTAMP", "LAST-MODIFIED", "CREATED"]
            for (item, original) in [(edited, paint), (water, water)] {
                let file = try #require(
                    files.first {
                        ICalendarFieldsTests.unfolded($0.bytes).contains { $0.hasPrefix("SUMMARY:" + item.text) }
                    })
                let written = ICalendarFormat.objectResource(for: item, now: Self.now, calendar: Self.utc)
                let before = Self.todoLines(file.bytes)
                let after = Self.todoLines(written)
                let changed: Set<String> =
                    item.priority == original.priority && item.modifiedAt == original.modifiedAt
                    ? ours : ours.union(["PRIORITY", "SEQUENCE"])
                let keep = { (line: String) in !changed.contains(ForeignProperties.propertyName(of: line)) }
                #expect(
                    before.properties.filter(keep) == after.properties.filter(keep),
                    "\(item.text): \(before.properties) → \(after.properties)")
                #expect(before.blocks == after.blocks)
                if item.priority != original.priority {
                    #expect(
                        after.properties.contains("PRIORITY:9") && after.properties.contains("SEQUENCE:2"),
                        "\(after.properties)")
                }
                try ExternalProgram.write(written, to: "\(list)/\(file.name)")
            }

            let listed = try todoman.run(["--porcelain", "list", "--status", "ANY"], environment: environment)
            #expect(listed.status == 0, "\(listed.error)")
            let todos = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]])
            let shown = Dictionary(
                uniqueKeysWithValues: todos.compactMap { todo in (todo["summary"] as? String).map { ($0, todo) } })
            #expect(shown["Paint the fence"]?["priority"] as? Int == 9)
            #expect((shown["Paint the fence"]?["description"] as? String)?.hasPrefix("White, not grey; twice.") == true)
            #expect(shown["Water plants"]?["priority"] as? Int == 5)
        }
    }
}
