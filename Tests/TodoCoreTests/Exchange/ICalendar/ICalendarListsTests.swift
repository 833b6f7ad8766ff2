import Foundation
import Testing

@testable import TodoCore

/// One `.ics` file of several lists: a VCALENDAR per list named by `X-WR-CALNAME`, read by
/// calcurse and Python's icalendar.
@Suite("iCalendar lists")
struct ICalendarListsTests {
    static let python = ExternalProgram.python(withModule: "icalendar")
    static let calcurse = ExternalProgram("calcurse")
    static let lists = TaskwarriorProjectTests.lists
    static let items = TaskwarriorProjectTests.items

    static func ics(_ items: [TodoItem], lists: [TodoList] = lists) -> [UInt8] {
        ExportFixtures.export(items, as: .ics, lists: lists)
    }

    @Test(
        """
        several lists export as one VCALENDAR each, in list order: the standard one unnamed, the others with \
        X-WR-CALNAME and X-APPLE-CALENDAR-COLOR; reading gives back the lists and each to-do's
        """
    )
    func calendarPerList() throws {
        let text = String(decoding: Self.ics(Self.items), as: UTF8.self)
        let calendars = text.components(separatedBy: "BEGIN:VCALENDAR\r\n").dropFirst()
        #expect(calendars.count == 3)
        let header = calendars.map { $0.components(separatedBy: "BEGIN:VTODO")[0] }
        #expect(header[0] == "VERSION:2.0\r\nPRODID:-//todo-tui//todo-tui//EN\r\n")
        #expect(header[1].hasSuffix("X-WR-CALNAME:Work\r\nX-APPLE-CALENDAR-COLOR:#FF0000\r\n"))
        #expect(header[2].hasSuffix("X-WR-CALNAME:home.garden\r\nX-APPLE-CALENDAR-COLOR:#008000\r\n"))
        #expect(calendars.map { $0.components(separatedBy: "BEGIN:VTODO").count - 1 } == [2, 2, 1])

        let contents = try ExportFormat.ics.read(
            .file(name: "all.ics", bytes: Self.ics(Self.items)), now: ExportFixtures.now,
            calendar: ExportFixtures.calendar)
        #expect(contents.lists.map(\.name) == ["Work", "home.garden"])
        #expect(contents.lists.map(\.color) == [.red, .green])
        let names = Dictionary(uniqueKeysWithValues: contents.lists.map { ($0.id, $0.name) })
        #expect(contents.items.map(\.text) == ["Plain", "Old store", "Report", "Moved since", "Dig beds"])
        #expect(contents.items.map { names[$0.listID] } == [nil, nil, "Work", "Work", "home.garden"])
        #expect(contents.items.prefix(2).allSatisfy { $0.listID == TodoList.standardID }, "the unnamed names no list")
    }

    @Test("a store of one list exports as one VCALENDAR without a name, as before lists; no to-dos as one empty one")
    func oneList() {
        let plain = Self.items.filter { $0.listID == TodoList.standardID }
        #expect(Self.ics(plain) == ExportFixtures.export(plain, as: .ics, lists: [.standard]))
        #expect(!String(decoding: Self.ics(plain), as: UTF8.self).contains("X-WR-CALNAME"))
        #expect(
            String(decoding: Self.ics([]), as: UTF8.self)
                == "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//todo-tui//EN\r\nEND:VCALENDAR\r\n")
    }

    @Test("a calendar name that cannot name a list is refused at its line")
    func badName() {
        let text = "BEGIN:VCALENDAR\r\nX-WR-CALNAME:\r\nBEGIN:VTODO\r\nSUMMARY:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(
            ExportFixtures.importError(text, as: .ics)
                == #"input, line 2: the calendar name "" cannot name a list: it is empty."#)
    }

    @Test(
        """
        Python's icalendar reads each list's VCALENDAR with from_ical(multiple=True), its name and to-dos; one \
        list's export with plain from_ical
        """,
        .enabled(if: python != nil, "/usr/bin/python3 with the icalendar module (python3-icalendar) is not installed")
    )
    func pythonReads() throws {
        let python = try #require(Self.python)
        let script = """
            import sys, json, icalendar
            data = sys.stdin.buffer.read()
            calendars = icalendar.Calendar.from_ical(data, multiple=True)
            print(json.dumps([[str(c.get("X-WR-CALNAME", "")), str(c.get("X-APPLE-CALENDAR-COLOR", "")),
                               [str(t["SUMMARY"]) for t in c.walk("VTODO")]] for c in calendars]))
            """
        let result = try python.run(["-c", script], input: Self.ics(Self.items))
        #expect(result.status == 0, "\(result.error)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[Any]])
        #expect(read.map { $0[0] as? String } == ["", "Work", "home.garden"])
        #expect(read.map { $0[1] as? String } == ["", "#FF0000", "#008000"])
        #expect(read.map { $0[2] as? [String] } == [["Plain", "Old store"], ["Report", "Moved since"], ["Dig beds"]])

        let work = Self.items.filter { $0.listID == TaskwarriorProjectTests.work.id }
        let single = """
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            print(calendar["X-WR-CALNAME"], len(calendar.walk("VTODO")))
            """
        let one = try python.run(["-c", single], input: Self.ics(work))
        #expect(one.status == 0 && one.output == "Work 2\n", "\(one.output)\(one.error)")
    }

    @Test(
        "calcurse imports every to-do of every list's VCALENDAR from one file",
        .enabled(if: calcurse != nil, "calcurse is not installed")
    )
    func calcurseReads() throws {
        let calcurse = try #require(Self.calcurse)
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(Self.ics(Self.items), to: "\(directory)/all.ics")
            let imported = try calcurse.run(["-D", directory, "-i", "\(directory)/all.ics"])
            #expect(imported.status == 0 && imported.output.contains("5 todos / 0 skipped"), "\(imported.output)")
            let todos = try calcurse.run(["-D", directory, "-t"])
            for item in Self.items {
                #expect(todos.output.contains(item.text), "calcurse lists \(item.text): \(todos.output)")
            }
        }
    }
}
