import Foundation
import Testing
import TodoCore

/// Priority, tags, notes and whole days in CSV (issue 15), after the older seven columns.
@Suite("CSV priority, tags, notes and whole days")
struct CSVFieldsTests {
    static let day = ExportFixtures.date("2026-11-20T00:00:00.000Z")
    static let items = [
        TodoItem(
            text: "Paint the fence", date: day, createdAt: day, notes: "=SUM(A1)\nbuy white, not grey", priority: .high,
            tags: ["home", "@weekend"], hasTime: false),
        TodoItem(text: "Call", date: day.addingTimeInterval(9 * 3600), createdAt: day, priority: .low),
    ]

    @Test("the new columns export and read back equal, notes formula-escaped like texts")
    func roundTrip() throws {
        let text = String(decoding: ExportFixtures.export(Self.items, as: .csv), as: UTF8.self)
        #expect(text.contains(#",high,home @weekend,"'=SUM(A1)"#), "\(text)")
        #expect(text.contains("buy white, not grey\",true,,,,,\r\n"), "\(text)")
        let reread = try ExportFixtures.parse(text, as: .csv)
        #expect(reread.map(\.notes) == Self.items.map(\.notes))
        #expect(reread.map(\.priority) == [.high, .low])
        #expect(reread.map { Array($0.tags) } == [["home", "@weekend"], []])
        #expect(reread.map(\.hasTime) == [false, true])
    }

    @Test(
        "Python's csv module reads the new columns",
        .enabled(if: ExternalProgram.python(withModule: "csv") != nil, "/usr/bin/python3 is not installed")
    )
    func pythonReads() throws {
        let python = try #require(ExternalProgram.python(withModule: "csv"))
        let script =
            "import csv, sys, json; print(json.dumps([[r['priority'], r['tags'], r['notes'], r['allDay']] for r in "
            + "csv.DictReader(sys.stdin)]))"
        let result = try python.run(["-c", script], input: ExportFixtures.export(Self.items, as: .csv))
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String]])
        #expect(
            rows == [["high", "home @weekend", "'=SUM(A1)\nbuy white, not grey", "true"], ["low", "", "", "false"]])
    }

    @Test("a sheet with the older seven columns, or a bare-day date and no allDay column, still imports")
    func olderSheets() throws {
        let old = "id,text,date,color,done,createdAt,modifiedAt\r\n,Old row,2025-01-12T09:30:00.000Z,red,false,,\r\n"
        let items = try ExportFixtures.parse(old, as: .csv)
        #expect(items.map(\.text) == ["Old row"] && items[0].hasTime && items[0].priority == .none)
        let bare = try ExportFixtures.parse("text,date,priority\nBirthday,2025-03-04,m\n", as: .csv)
        #expect(!bare[0].hasTime && bare[0].priority == .medium, "a bare day is a whole day")
    }

    @Test(
        "a bad priority or allDay is refused naming the column",
        arguments: [
            (
                "text,priority\nA,urgent\n",
                "input, line 2: \"urgent\" in column priority is not one of none, low, medium, high."
            ),
            ("text,allDay\nA,perhaps\n", "input, line 2: \"perhaps\" in column allDay is not true or false."),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .csv) == message)
    }
}
