import Foundation
import Testing

@testable import TodoCore

@Suite("CSV export and import")
struct CSVExportTests {
    @Test("the small fixture exports to the exact RFC 4180 text")
    func golden() {
        let expected = #"""
            id,text,date,color,done,createdAt,modifiedAt,priority,tags,notes,allDay,start,startAllDay,completedAt,repeat,repeatFrom⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000005,New year's eve,2024-12-31T23:00:00.000Z,magenta,true,\#
            2024-12-01T09:00:00.000Z,2025-01-01T00:30:00.000Z,none,,,false,,,,,⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000001,"Buy milk, eggs; ""bread""",2025-01-11T09:30:00.250Z,red,false,\#
            2025-01-10T08:00:00.000Z,2025-01-11T08:15:00.000Z,none,,,false,,,,,⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000002,우유 사기 🥛,2025-01-12T12:00:00.000Z,green,true,\#
            2025-01-12T07:00:00.000Z,2025-01-12T09:45:00.000Z,none,,,false,,,,,⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000003,C:\temp *draft* [1] <b> & _x_ | ~y~ `z`,2025-01-12T18:00:00.000Z,\#
            default,false,2025-01-12T07:30:00.000Z,2025-01-12T07:30:00.000Z,none,,,false,,,,,⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000004,日本語のとても長いテキストは七十五オクテットで折り返されなければならない、そしてマルチバイト文字は分割されない,\#
            2025-01-13T08:00:00.000Z,blue,false,2025-01-12T08:00:00.000Z,2025-01-12T08:00:00.000Z,none,,,false,,,,,⏎
            6f1c2a3b-4d5e-4f60-8a7b-000000000006,"Two
            lines\#tand a tab",2025-02-03T14:15:16.000Z,white,false,2025-01-12T08:10:00.000Z,\#
            2025-01-12T08:10:00.000Z,none,,,false,,,,,⏎

            """#
        #expect(ExportFixtures.visible(ExportFixtures.export(ExportFixtures.small, as: .csv)) == expected)
    }

    @Test("an empty list exports the header alone")
    func empty() {
        #expect(
            ExportFixtures.export([], as: .csv)
                == Array(
                    ("id,text,date,color,done,createdAt,modifiedAt,priority,tags,notes,allDay,start,startAllDay,"
                        + "completedAt,repeat,repeatFrom\r\n").utf8))
    }

    @Test(
        "Python's csv module reads every field back identical",
        .enabled(if: ExternalProgram.python(withModule: "csv") != nil, "/usr/bin/python3 is not installed")
    )
    func pythonReadsEveryField() throws {
        let python = try #require(ExternalProgram.python(withModule: "csv"))
        let items = ExportFixtures.everything
        let script = """
            import csv, io, json, sys, datetime
            rows = list(csv.reader(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline=""), strict=True))
            def ms(text):
                if not text: return None
                return round(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)
            print(json.dumps({"header": rows[0], "rows": [[r[0], r[1], ms(r[2]), r[3], r[4], ms(r[5]), ms(r[6]), ms(r[11]), ms(r[13])] for \
            r in rows[1:]]}))
            """
        let result = try python.run(["-c", script], input: ExportFixtures.export(items, as: .csv))
        #expect(result.status == 0, "\(result.error)")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let document = try #require(decoded)
        #expect(document["header"] as? [String] == CSVFormat.columns)
        let rows = try #require(document["rows"] as? [[Any]])
        #expect(rows.count == items.count)
        for (row, item) in zip(rows, items) {
            #expect(row[0] as? String == item.id.uuidString.lowercased())
            #expect(row[1] as? String == CSVFormat.formulaEscaped(item.text))
            #expect((row[2] as? NSNumber)?.int64Value == item.date?.millisecondsSince1970)
            #expect(row[3] as? String == item.color.rawValue)
            #expect(row[4] as? String == (item.isDone ? "true" : "false"))
            #expect((row[5] as? NSNumber)?.int64Value == item.createdAt.millisecondsSince1970)
            #expect((row[6] as? NSNumber)?.int64Value == item.modifiedAt.millisecondsSince1970)
            #expect((row[7] as? NSNumber)?.int64Value == item.start?.millisecondsSince1970)
            #expect((row[8] as? NSNumber)?.int64Value == item.completedAt?.millisecondsSince1970)
        }
    }

    @Test(
        "cells a spreadsheet would run as a formula get a ' in front, and every text round-trips exactly",
        arguments: [
            ("=HYPERLINK(\"http://x\")", "'=HYPERLINK("),
            ("+1 call", "'+1 call"),
            ("-5 points", "'-5 points"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tindented", "'\tindented"),
            ("\rreturn", "'\rreturn"),
            ("'=already quoted", "''=already quoted"),
            ("''+twice", "'''+twice"),
            ("'plain quote", "'plain quote"),
            ("''", "''"),
            ("a = b", "a = b"),
            ("Buy milk", "Buy milk"),
        ])
    func formulaInjection(text: String, cell: String) throws {
        let item = TodoItem(text: text, date: ExportFixtures.now, createdAt: ExportFixtures.now)
        let bytes = ExportFixtures.export([item], as: .csv)
        let exported = String(decoding: bytes, as: UTF8.self)
        // Counted in bytes: "\r\n" is one Character.
        let field = String(
            decoding: bytes.dropFirst(CSVFormat.columns.joined(separator: ",").utf8.count + 2 + 37), as: UTF8.self)
        #expect(field.hasPrefix(cell) || field.hasPrefix("\"" + cell), "\(field.debugDescription)")
        #expect(try ExportFixtures.parse(exported, as: .csv).map(\.text) == [text])
    }

    @Test("the repeat column holds the rule as RRULE text and repeatFrom its anchor; a bad rule names its line")
    func repeatColumns() throws {
        let rule = try RecurrenceRule(rrule: "FREQ=MONTHLY;BYDAY=-1FR")
        var item = ExportFixtures.small[0]
        item.repetition = ItemRepetition(Repetition(rule: rule, anchor: .completion))
        let text = String(decoding: ExportFixtures.export([item], as: .csv), as: UTF8.self)
        #expect(text.hasSuffix(",FREQ=MONTHLY;BYDAY=-1FR,completion\r\n"), "\(text)")
        let read = try ExportFixtures.parse(text, as: .csv)
        #expect(read.first?.repetition?.repetition == item.repetition?.repetition)
        #expect(
            ExportFixtures.importError("text,repeat\nRent,FREQ=HOURLY\n", as: .csv)?.contains(
                "line 2: \"FREQ=HOURLY\" in column repeat is not a rule todo-tui computes") == true)
    }

    @Test("a foreign sheet's leading ' is stripped only before a formula start")
    func foreignQuote() throws {
        let items = try ExportFixtures.parse("text\n'=1+1\n'note\n''-x\n", as: .csv)
        #expect(items.map(\.text) == ["=1+1", "'note", "'-x"])
    }

    @Test("a sheet from elsewhere imports: LF endings, byte order mark, columns reordered, extra and missing columns")
    func foreignSheet() throws {
        let text =
            "\u{FEFF}Done,Notes,TEXT,date\nyes,ignored,Buy milk,2025-01-12\nno,,\"Call, \"\"Mum\"\"\",2025-01-13T09:00:00+09:00\n\n"
        let items = try ExportFixtures.parse(text, as: .csv)
        #expect(items.map(\.text) == ["Buy milk", "Call, \"Mum\""])
        #expect(items.map(\.isDone) == [true, false])
        #expect(
            items.map(\.date) == [
                ExportFixtures.date("2025-01-12T00:00:00.000Z"), ExportFixtures.date("2025-01-13T00:00:00.000Z"),
            ])
        #expect(items.map(\.createdAt) == [ExportFixtures.now, ExportFixtures.now])
        // Without ids, the same sheet yields the same derived ids every time.
        #expect(try ExportFixtures.parse(text, as: .csv).map(\.id) == items.map(\.id))
        #expect(Set(items.map(\.id)).count == 2)
    }

    @Test(
        "a malformed sheet is refused with the line and the problem",
        arguments: [
            ("text\n\"open quote\n", "input, line 2: the quoted field that starts here is never closed."),
            ("text,done\nBuy milk\n", "input, line 2: the record has 1 fields but the header has 2."),
            (
                "text\nsay \"hi\"\n",
                "input, line 2: a double quote appears inside an unquoted field; quote the field and double the quote."
            ),
            ("text\n\"a\"b\n", "input, line 2: a quoted field must be followed by a comma or the end of the line."),
            (
                "name,date\nBuy milk,2025-01-12\n",
                "input, line 1: the header has no 'text' column (expected id,text,date,color,done,createdAt,modifiedAt,priority,tags,notes,allDay,start,startAllDay,completedAt,repeat,repeatFrom)."
            ),
            ("text,Text\na,b\n", "input, line 1: the header names the column \"Text\" twice."),
            (
                "text,date\n\"multi\nline\",2025-13-01\n",
                "input, line 2: \"2025-13-01\" in column date is not an ISO-8601 date."
            ),
            ("text,id\nx,42\n", "input, line 2: \"42\" in column id is not a UUID."),
            (
                "text,color\nx,mauve\n",
                "input, line 2: \"mauve\" in column color is not one of the colours default, red, green, yellow, blue, magenta, cyan, white."
            ),
            ("text,done\nx,maybe\n", "input, line 2: \"maybe\" in column done is not true or false."),
            (
                "text,id\nx,6f1c2a3b-4d5e-4f60-8a7b-000000000001\ny,6F1C2A3B-4D5E-4F60-8A7B-000000000001\n",
                "input, line 3: the id 6f1c2a3b-4d5e-4f60-8a7b-000000000001 was already used on line 2."
            ),
            ("text,done\n  ,yes\n", "input, line 2: the text is empty."),
            ("text,date\nx,0000-01-01T00:30:00+01:00\n", "input, line 2: a date falls outside the years 0000 to 9999."),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .csv) == message)
    }

    @Test("bytes that are not UTF-8 are refused with their line")
    func invalidUTF8() {
        let bytes = Array("text\nok\n".utf8) + [0xC3, 0x28, 0x0A]
        #expect(throws: ExchangeError.invalidLine(source: "bad.csv", line: 3, reason: "the line is not valid UTF-8")) {
            try ExportFormat.csv.parse(
                .file(name: "bad.csv", bytes: bytes), now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        }
    }
}
