import Foundation
import Testing

@testable import TodoCore

@Suite("Markdown export and import")
struct MarkdownExportTests {
    @Test("the small fixture exports to the exact checklist, headings absolute days with weekdays")
    func golden() {
        let expected = #"""
            ## 2024-12-31 (Tue)

            - [x] New year's eve

            ## 2025-01-11 (Sat)

            - [ ] Buy milk, eggs; "bread"

            ## 2025-01-12 (Sun)

            - [x] 우유 사기 🥛
            - [ ] C:\\temp \*draft\* \[1\] \<b\> \& \_x\_ \| \~y\~ \`z\`

            ## 2025-01-13 (Mon)

            - [ ] 日本語のとても長いテキストは七十五オクテットで折り返されなければならない、そしてマルチバイト文字は分割されない

            ## 2025-02-03 (Mon)

            - [ ] Two lines and a tab

            """#
        #expect(String(decoding: ExportFixtures.export(ExportFixtures.small, as: .markdown), as: UTF8.self) == expected)
    }

    @Test("an empty list exports nothing")
    func empty() {
        #expect(ExportFixtures.export([], as: .markdown).isEmpty)
    }

    @Test("days and titles follow the calendar's time zone")
    func timeZone() throws {
        var seoul = Calendar(identifier: .gregorian)
        seoul.timeZone = try #require(TimeZone(identifier: "Asia/Seoul"))
        // 2025-01-12T18:00Z is already the 13th in Seoul, which is tomorrow there at 10:00Z.
        let item = TodoItem(
            text: "Late", date: ExportFixtures.date("2025-01-12T18:00:00.000Z"), createdAt: ExportFixtures.now)
        guard case .file(let bytes) = ExportFormat.markdown.export([item], now: ExportFixtures.now, calendar: seoul)
        else {
            Issue.record("markdown did not export a file")
            return
        }
        #expect(String(decoding: bytes, as: UTF8.self) == "## 2025-01-13 (Mon)\n\n- [ ] Late\n")
    }

    @Test("to-dos without a date go under ## No date, after the days, and read back without one")
    func noDate() throws {
        let dated = ExportFixtures.small[1]
        let undated = TodoItem(text: "Read a book", date: nil, createdAt: ExportFixtures.now)
        let text = String(decoding: ExportFixtures.export([dated, undated], as: .markdown), as: UTF8.self)
        #expect(text.hasSuffix("\n## No date\n\n- [ ] Read a book\n"), "\(text)")
        let items = try ExportFixtures.parse(text, as: .markdown)
        #expect(items.map(\.date) == [ExportFixtures.calendar.startOfDay(for: try #require(dated.date)), nil])
    }

    @Test("a checklist reads back: days, done, unescaped text; colours and times are not carried")
    func readBack() throws {
        let items = try ExportFixtures.parse(
            String(decoding: ExportFixtures.export(ExportFixtures.small, as: .markdown), as: UTF8.self), as: .markdown)
        let expectedTexts = ExportFixtures.small.map {
            $0.text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        }
        #expect(items.map(\.text) == expectedTexts)
        #expect(items.map(\.isDone) == ExportFixtures.small.map(\.isDone))
        #expect(items.map(\.date) == ExportFixtures.small.map { $0.date.map(ExportFixtures.calendar.startOfDay(for:)) })
        #expect(items.allSatisfy { $0.color == .default })
        // Re-exporting a re-import gives the same checklist, and the same file gives the same ids.
        #expect(
            ExportFixtures.export(items, as: .markdown) == ExportFixtures.export(ExportFixtures.small, as: .markdown))
        #expect(
            try ExportFixtures.parse(
                String(decoding: ExportFixtures.export(items, as: .markdown), as: UTF8.self), as: .markdown
            ).map(\.id) == items.map(\.id))
    }

    @Test(
        "a malformed checklist is refused with the line and the problem",
        arguments: [
            ("- [ ] Early\n", "input, line 1: the checklist item comes before any '## ' day heading."),
            (
                "## Someday\n",
                "input, line 1: \"Someday\" is not a day heading such as 2026-11-20 (Fri), Today, Mon 12 Jan or No date."
            ),
            (
                "## Mon 31 Feb\n",
                "input, line 1: \"Mon 31 Feb\" is not a day heading such as 2026-11-20 (Fri), Today, Mon 12 Jan or No date."
            ),
            (
                "## 2025-02-30 (Sun)\n",
                "input, line 1: \"2025-02-30 (Sun)\" is not a day heading such as 2026-11-20 (Fri), Today, Mon 12 "
                    + "Jan or No date."
            ),
            (
                "## 2025-01-12 (Funday)\n",
                "input, line 1: \"2025-01-12 (Funday)\" is not a day heading such as 2026-11-20 (Fri), Today, Mon "
                    + "12 Jan or No date."
            ),
            ("## Today\n\n* bullet\n", "input, line 3: expected a '## ' day heading or a '- [ ] ' checklist item."),
            ("## Today\n- [] x\n", "input, line 2: expected a '## ' day heading or a '- [ ] ' checklist item."),
            ("## Today\n- [ ]  \n", "input, line 2: the text is empty."),
        ])
    func malformed(text: String, message: String) {
        #expect(ExportFixtures.importError(text, as: .markdown) == message)
    }

    @Test("titles read back to their days, relative to now, in this year unless one is given")
    func titles() {
        let titles = DayTitleParser(now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(titles.day(from: "Today") == ExportFixtures.date("2025-01-12T00:00:00.000Z"))
        #expect(titles.day(from: "Yesterday") == ExportFixtures.date("2025-01-11T00:00:00.000Z"))
        #expect(titles.day(from: "Tomorrow") == ExportFixtures.date("2025-01-13T00:00:00.000Z"))
        #expect(titles.day(from: "Wed 31 Dec") == ExportFixtures.date("2025-12-31T00:00:00.000Z"))
        #expect(titles.day(from: "Thu 1 Jan 2026") == ExportFixtures.date("2026-01-01T00:00:00.000Z"))
        #expect(titles.day(from: "Funday 1 Jan") == nil)
        #expect(titles.day(from: "Mon 1 Foo") == nil)
        #expect(titles.day(from: "today") == nil)
    }

    @Test(
        """
        ISO headings read back to their days whatever today is; a # title line is ignored; old relative headings \
        still read
        """
    )
    func isoHeadings() throws {
        let titles = DayTitleParser(now: ExportFixtures.now, calendar: ExportFixtures.calendar)
        #expect(titles.day(from: "2026-11-20 (Fri)") == ExportFixtures.date("2026-11-20T00:00:00.000Z"))
        #expect(titles.day(from: "2026-11-20") == ExportFixtures.date("2026-11-20T00:00:00.000Z"))
        #expect(titles.day(from: "2026-11-20(Fri)") == nil)
        #expect(titles.day(from: "2026-1-20") == nil)
        let items = try ExportFixtures.parse(
            "# To-dos\n\n## 2026-11-20 (Fri)\n\n- [ ] Buy milk\n\n## Today\n\n- [x] Call Mum\n", as: .markdown)
        #expect(items.map(\.text) == ["Buy milk", "Call Mum"])
        #expect(
            items.map(\.date) == [
                ExportFixtures.date("2026-11-20T00:00:00.000Z"), ExportFixtures.date("2025-01-12T00:00:00.000Z"),
            ])
    }
}
