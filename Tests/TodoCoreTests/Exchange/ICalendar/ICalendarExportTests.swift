import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("iCalendar and vdir export and import")
struct ICalendarExportTests {
    static let python = ExternalProgram.python(withModule: "icalendar")
    static let calcurse = ExternalProgram("calcurse")
    static let todoman = ExternalProgram("todoman")

    @Test("the small fixture exports to the exact RFC 5545 text")
    func golden() {
        let expected = #"""
            BEGIN:VCALENDAR⏎
            VERSION:2.0⏎
            PRODID:-//todo-tui//todo-tui//EN⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000005⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20241201T090000Z⏎
            LAST-MODIFIED:20250101T003000Z⏎
            SUMMARY:New year's eve⏎
            DUE:20241231T230000Z⏎
            STATUS:COMPLETED⏎
            PERCENT-COMPLETE:100⏎
            COLOR:magenta⏎
            END:VTODO⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000001⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20250110T080000Z⏎
            LAST-MODIFIED:20250111T081500Z⏎
            SUMMARY:Buy milk\, eggs\; "bread"⏎
            DUE:20250111T093000Z⏎
            STATUS:NEEDS-ACTION⏎
            COLOR:red⏎
            END:VTODO⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000002⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20250112T070000Z⏎
            LAST-MODIFIED:20250112T094500Z⏎
            SUMMARY:우유 사기 🥛⏎
            DUE:20250112T120000Z⏎
            STATUS:COMPLETED⏎
            PERCENT-COMPLETE:100⏎
            COLOR:green⏎
            END:VTODO⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000003⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20250112T073000Z⏎
            LAST-MODIFIED:20250112T073000Z⏎
            SUMMARY:C:\\temp *draft* [1] <b> & _x_ | ~y~ `z`⏎
            DUE:20250112T180000Z⏎
            STATUS:NEEDS-ACTION⏎
            END:VTODO⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000004⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20250112T080000Z⏎
            LAST-MODIFIED:20250112T080000Z⏎
            SUMMARY:日本語のとても長いテキストは七十五オクテット⏎
             で折り返されなければならない、そしてマルチバイト⏎
             文字は分割されない⏎
            DUE:20250113T080000Z⏎
            STATUS:NEEDS-ACTION⏎
            COLOR:blue⏎
            END:VTODO⏎
            BEGIN:VTODO⏎
            UID:6f1c2a3b-4d5e-4f60-8a7b-000000000006⏎
            DTSTAMP:20250112T100000Z⏎
            CREATED:20250112T081000Z⏎
            LAST-MODIFIED:20250112T081000Z⏎
            SUMMARY:Two lines\#tand a tab⏎
            DESCRIPTION:Two\nlines\#tand a tab⏎
            DUE:20250203T141516Z⏎
            STATUS:NEEDS-ACTION⏎
            COLOR:white⏎
            END:VTODO⏎
            END:VCALENDAR⏎

            """#
        #expect(ExportFixtures.visible(ExportFixtures.export(ExportFixtures.small, as: .ics)) == expected)
    }

    @Test("an empty list exports a calendar without to-dos")
    func empty() {
        let expected = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//todo-tui//EN\r\nEND:VCALENDAR\r\n"
        #expect(ExportFixtures.export([], as: .ics) == Array(expected.utf8))
    }

    @Test("every physical line is at most 75 octets, valid UTF-8 on its own, and ends in CRLF")
    func folding() throws {
        let bytes = ExportFixtures.export(ExportFixtures.everything, as: .ics)
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        var lines = 0
        var start = 0
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            #expect(end > start && bytes[end - 1] == 0x0D, "a line ends in a bare LF")
            let line = bytes[start..<end - 1]
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold splits a UTF-8 sequence")
            #expect(!line.contains(0x0D))
            lines += 1
            start = end + 1
        }
        #expect(start == bytes.count)
        #expect(lines > 300)
    }

    @Test("a vdir of one list holds one calendar per item, named by UID, in list order, and the list's name")
    func vdirFiles() throws {
        guard
            case .directory(let all) = ExportFormat.vdir.export(
                ExportFixtures.small, only: .standard, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        else {
            Issue.record("vdir did not export a directory")
            return
        }
        #expect(all.last == ExportedFile(name: "displayname", bytes: Array("To-dos".utf8)))
        let files = all.dropLast()
        #expect(files.map(\.name) == ExportFixtures.small.map { $0.id.uuidString.lowercased() + ".ics" })
        // Each file is the calendar's header, the item's VTODO exactly as in the single-file
        // export (whose golden text is above), and the calendar's end.
        let calendar = String(decoding: ExportFixtures.export(ExportFixtures.small, as: .ics), as: UTF8.self)
        let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//todo-tui//EN\r\n"
        let todos = calendar.dropFirst(header.count).dropLast("END:VCALENDAR\r\n".count)
            .components(separatedBy: "BEGIN:VTODO\r\n").dropFirst()
        #expect(todos.count == files.count)
        for (todo, file) in zip(todos, files) {
            #expect(
                String(decoding: file.bytes, as: UTF8.self) == header + "BEGIN:VTODO\r\n" + todo + "END:VCALENDAR\r\n")
        }
    }

    @Test(
        "Python's icalendar parses the export and every field matches",
        .enabled(if: python != nil, "/usr/bin/python3 with the icalendar module (python3-icalendar) is not installed")
    )
    func pythonICalendar() throws {
        let python = try #require(Self.python)
        let items = ExportFixtures.everything
        let script = """
            import datetime, json, sys, icalendar
            calendar = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
            def seconds(todo, name):
                if name not in todo: return None
                value = todo.decoded(name)
                if not isinstance(value, datetime.datetime):
                    value = datetime.datetime(value.year, value.month, value.day, tzinfo=datetime.timezone.utc)
                return int(value.timestamp())
            todos = [{
                "uid": str(todo["UID"]), "summary": str(todo["SUMMARY"]), "status": str(todo["STATUS"]),
                "description": str(todo["DESCRIPTION"]) if "DESCRIPTION" in todo else None,
                "color": str(todo["COLOR"]) if "COLOR" in todo else None,
                "due": seconds(todo, "DUE"), "created": seconds(todo, "CREATED"), "modified": seconds(todo, \
            "LAST-MODIFIED"),
                "stamp": seconds(todo, "DTSTAMP"), "completed": seconds(todo, "COMPLETED"),
                "start": seconds(todo, "DTSTART"),
                "percent": int(todo["PERCENT-COMPLETE"]) if "PERCENT-COMPLETE" in todo else None,
            } for todo in calendar.walk("VTODO")]
            print(json.dumps({"version": str(calendar["VERSION"]), "prodid": str(calendar["PRODID"]), "todos": todos}))
            """
        let result = try python.run(["-c", script], input: ExportFixtures.export(items, as: .ics))
        #expect(result.status == 0, "\(result.error)")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let document = try #require(decoded)
        #expect(document["version"] as? String == "2.0")
        #expect(document["prodid"] as? String == ICalendarFormat.productID)
        let todos = try #require(document["todos"] as? [[String: Any]])
        #expect(todos.count == items.count)
        let seconds = { (date: Date) in Int(date.timeIntervalSince1970.rounded(.down)) }
        for (todo, item) in zip(todos, items) {
            #expect(todo["uid"] as? String == item.id.uuidString.lowercased())
            Self.expectUpstreamReading(of: item.text) {
                #expect(todo["summary"] as? String == ICalendarFormat.singleLine(item.text))
                #expect(todo["description"] as? String == (item.text.contains("\n") ? item.text : nil))
            }
            #expect(todo["status"] as? String == (item.isDone ? "COMPLETED" : "NEEDS-ACTION"))
            #expect(todo["color"] as? String == (item.color == .default ? nil : item.color.rawValue))
            #expect(todo["due"] as? Int == item.date.map(seconds))
            #expect(todo["created"] as? Int == seconds(item.createdAt))
            #expect(todo["modified"] as? Int == seconds(item.modifiedAt))
            #expect(todo["stamp"] as? Int == seconds(ExportFixtures.now))
            #expect(todo["completed"] as? Int == item.completedAt.map(seconds))
            #expect(todo["start"] as? Int == item.start.map(seconds))
            #expect(todo["percent"] as? Int == (item.isDone ? 100 : nil), "the completion every reader takes")
        }
    }

    /// Runs `body`, expecting its failures for texts python-icalendar 4.0.3 (Debian 12) misreads.
    ///
    /// Its TEXT unescaping replaces `\n` before `\\`, so the escaped backslash of a text with a
    /// backslash before `n` (`C:\new`, written `C:\\new` as RFC 5545 §3.3.11 requires) turns into a
    /// line break. Fixed upstream (collective/icalendar#935); todoman, built on it, inherits it.
    static func expectUpstreamReading(of text: String, _ body: () -> Void) {
        if text.contains("\\n") || text.contains("\\N") {
            withKnownIssue(
                "python-icalendar 4.0.3 reads an escaped backslash before n as a line break", isIntermittent: true, body
            )
        } else {
            body()
        }
    }

    @Test(
        "calcurse imports every to-do, none skipped, and marks the done ones completed",
        .enabled(if: calcurse != nil, "calcurse is not installed")
    )
    func calcurseImports() throws {
        let calcurse = try #require(Self.calcurse)
        let items = ExportFixtures.everything
        try ExternalProgram.withTemporaryDirectory { directory in
            try ExternalProgram.write(ExportFixtures.export(items, as: .ics), to: "\(directory)/todos.ics")
            let result = try calcurse.run(
                ["-D", directory, "-C", directory, "-i", "\(directory)/todos.ics"], environment: ["HOME": directory])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("0 apps / 0 events / \(items.count) todos / 0 skipped"), "\(result.output)")
            // calcurse keeps to-dos as "[priority] text", or "[priority]>note text" with a note
            // file holding a DESCRIPTION; a negative priority means completed.
            let todoFile = String(
                decoding: FileManager.default.contents(atPath: "\(directory)/todo") ?? Data(), as: UTF8.self)
            let lines = todoFile.split(separator: "\n")
            #expect(lines.count == items.count)
            #expect(lines.filter { $0.hasPrefix("[-") }.count == items.filter(\.isDone).count)
            var texts: [String: String?] = [:]
            for line in lines {
                let afterPriority = line.drop { $0 != "]" }.dropFirst()
                if afterPriority.hasPrefix(">") {
                    let note = afterPriority.dropFirst().prefix { $0 != " " }
                    let noteText = FileManager.default.contents(atPath: "\(directory)/notes/\(note)").map {
                        String(decoding: $0, as: UTF8.self)
                    }
                    texts[String(afterPriority.dropFirst(note.count + 2))] = noteText
                } else {
                    texts[String(afterPriority.dropFirst())] = .some(nil)
                }
            }
            for item in items {
                let summary = ICalendarFormat.singleLine(item.text)
                #expect(texts[summary] != nil, "calcurse lost \(item.text)")
                // A note file ends with a line break of its own.
                #expect(
                    texts[summary] == .some(summary == item.text ? nil : item.text + "\n"),
                    "calcurse's note for \(summary)")
            }
        }
    }

    @Test(
        "todoman lists every item of a vdir export with its summary, due time and completion",
        .enabled(if: todoman != nil, "todoman is not installed")
    )
    func todomanListsVdir() throws {
        let todoman = try #require(Self.todoman)
        let items = ExportFixtures.everything
        guard
            case .directory(let files) = ExportFormat.vdir.export(
                items, now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        else {
            Issue.record("vdir did not export a directory")
            return
        }
        try ExternalProgram.withTemporaryDirectory { directory in
            let todomanFolder = try TodomanFolder(in: directory)
            // A folder per list beside todoman's own list.
            try ExportOutput.directory(files).write(to: "\(directory)/calendars")
            let result = try todoman.run(
                ["--porcelain", "list", "--status", "ANY"],
                environment: todomanFolder.environment
            )
            #expect(result.status == 0, "\(result.error)")
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
            #expect(listed.count == items.count)
            // todoman does not show UIDs; every dated item here has its own due time, and the
            // undated ones their own texts.
            let itemsByDue = Dictionary(
                uniqueKeysWithValues: items.compactMap { item in
                    item.date.map { (Int($0.timeIntervalSince1970.rounded(.down)), item) }
                })
            let undatedByText = Dictionary(
                uniqueKeysWithValues: items.filter { $0.date == nil }.map { ($0.text, $0) })
            var seen = Set<Int>()
            for todo in listed {
                guard let due = (todo["due"] as? NSNumber)?.intValue else {
                    let summary = todo["summary"] as? String ?? ""
                    let item = try #require(undatedByText[summary], "todoman listed \(summary) without a due date")
                    #expect(!item.isDone || todo["completed"] as? Bool == true)
                    continue
                }
                let item = try #require(itemsByDue[due], "todoman listed a to-do due at \(due), which was not exported")
                #expect(seen.insert(due).inserted)
                Self.expectUpstreamReading(of: item.text) {
                    #expect(todo["summary"] as? String == ICalendarFormat.singleLine(item.text))
                    #expect(todo["description"] as? String == (item.text.contains("\n") ? item.text : ""))
                }
                #expect(todo["completed"] as? Bool == item.isDone)
            }
        }
    }

    @Test(
        """
        to-dos from other programs import: TZID, DATE values, floating times, foreign UIDs, CANCELLED, CSS colours, \
        events skipped
        """
    )
    func foreignCalendar() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other//EN",
            "BEGIN:VTIMEZONE", "TZID:Asia/Seoul", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:event-1", "SUMMARY:Not a to-do", "DTSTART:20250101T100000Z", "END:VEVENT",
            "BEGIN:VTODO", "UID:20250112-1@example.com", "SUMMARY:Zoned", "DUE;TZID=Asia/Seoul:20250112T090000",
            "COLOR:Fuchsia", "BEGIN:VALARM", "ACTION:DISPLAY", "SUMMARY:Alarm text", "END:VALARM", "END:VTODO",
            "BEGIN:VTODO", "UID:6F1C2A3B-4D5E-4F60-8A7B-0000000000AA", "SUMMARY:Whole day",
            "DTSTART;VALUE=DATE:20250120",
            "CREATED:20250101T000000Z", "STATUS:CANCELLED", "COLOR:orange", "END:VTODO",
            "BEGIN:VTODO", "SUMMARY:Floating\\, folded and \\\\escaped\\N", " continued", "DUE:20250113T080000",
            "COMPLETED:20250113T090000Z", "END:VTODO",
            "BEGIN:VTODO", "UID:no-dates", "SUMMARY:No dates", "END:VTODO",
            "END:VCALENDAR",
        ].joined(separator: "\n")
        let items = try ExportFixtures.parse(text, as: .ics)
        #expect(items.map(\.text) == ["Zoned", "Whole day", "Floating, folded and \\escaped\ncontinued", "No dates"])
        #expect(items[0].id == StableID.uuid(name: "uid:20250112-1@example.com"))
        #expect(items[0].date == ExportFixtures.date("2025-01-12T00:00:00.000Z"))
        #expect(items[0].color == .magenta)
        #expect(items[1].id == ExportFixtures.id(0xAA))
        #expect(items[1].date == nil, "a DTSTART is a start, not a due date")
        #expect(items[1].start == ExportFixtures.date("2025-01-20T00:00:00.000Z") && !items[1].startHasTime)
        #expect(items[1].createdAt == ExportFixtures.date("2025-01-01T00:00:00.000Z"))
        #expect(items[1].isDone && items[1].color == .default)
        #expect(items[2].date == ExportFixtures.date("2025-01-13T08:00:00.000Z"))
        #expect(items[2].isDone)
        #expect(items[2].completedAt == ExportFixtures.date("2025-01-13T09:00:00.000Z"))
        #expect(items[3].date == nil && items[3].createdAt == ExportFixtures.now, "no date is made up")
        #expect(try ExportFixtures.parse(text, as: .ics).map(\.id) == items.map(\.id))
    }

    @Test("a fold inside a UTF-8 sequence, as some writers make, still reads")
    func foldInsideSequence() throws {
        let bytes: [UInt8] =
            Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:".utf8) + [0xED, 0x95] + Array("\r\n ".utf8) + [0x9C]
            + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let items = try ExportFormat.ics.parse(
            .file(name: "x.ics", bytes: bytes), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(items.map(\.text) == ["한"])
    }

    @Test(
        "a malformed calendar is refused with the line and the problem",
        arguments: [
            ("BEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n", "input, line 1: expected BEGIN:VCALENDAR, found BEGIN:VTODO."),
            ("SUMMARY:x\n", "input, line 1: expected BEGIN:VCALENDAR, found SUMMARY."),
            (
                "BEGIN:VCALENDAR\nBEGIN:V\u{1B}[2J\n",
                #"input, line 2: "V\u{1B}[2J" after BEGIN: is not a component name."#
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n",
                "input, line 4: END:VEVENT closes BEGIN:VTODO from line 2."
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n",
                "input, line 1: BEGIN:VCALENDAR is never closed by END:VCALENDAR."
            ),
            ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR\n", "input, line 3: END:VCALENDAR has no matching BEGIN."),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY x\nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 3: \"SUMMARY x\" is not an iCalendar content line (NAME:value)."
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nDUE;VALUE=DATE\nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 3: the DUE property has no ':' before its value."
            ),
            (
                "BEGIN:VCALENDAR\n\nBEGIN:VTODO\nUID:1\nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 3: the VTODO that starts here has no SUMMARY."
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nDUE:tomorrow\nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 4: \"tomorrow\" in DUE is not an iCalendar date or date-time."
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nUID:a\nEND:VTODO\nBEGIN:VTODO\nSUMMARY:y\nUID:a\nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 6: the id \(StableID.uuid(name: "uid:a").uuidString.lowercased()) was already used on "
                    + "line 2."
            ),
            (
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY: \nEND:VTODO\nEND:VCALENDAR\n",
                "input, line 2: the text is empty."
            ),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .ics) == message)
    }

    @Test("a vdir import names the file of a problem and refuses two files with one UID")
    func vdirErrors() {
        let good = ExportedFile(
            name: "a.ics",
            bytes: Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nSUMMARY:x\nEND:VTODO\nEND:VCALENDAR\n".utf8))
        let twin = ExportedFile(name: "b.ics", bytes: good.bytes)
        let broken = ExportedFile(name: "c.ics", bytes: Array("BEGIN:VCALENDAR\nBEGIN:VTODO\n".utf8))
        let parse = { (files: [ExportedFile]) in
            ExportFixtures.importError(.directory(name: "list", files: files), as: .vdir)
        }
        #expect(
            parse([good, twin])
                == "list: the files \"a.ics\" and \"b.ics\" both hold the to-do "
                + "\(StableID.uuid(name: "uid:u").uuidString.lowercased())."
        )
        #expect(parse([good, broken]) == "list/c.ics, line 2: BEGIN:VTODO is never closed by END:VTODO.")
        #expect(parse([good]) == nil)
    }
}
