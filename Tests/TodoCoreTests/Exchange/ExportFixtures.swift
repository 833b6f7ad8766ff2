import Foundation

@testable import TodoCore

/// Items, clock and calendar shared by the export tests.
enum ExportFixtures {
    /// 2025-01-12T10:00:00Z, a Sunday.
    static let now = date("2025-01-12T10:00:00.000Z")

    /// Gregorian in UTC, so golden texts do not depend on the machine.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(_ text: String) -> Date {
        guard case .instant(let date)? = ParsedTimestamp.parse(text) else {
            fatalError("bad fixture date \(text)")
        }
        return date
    }

    static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "6f1c2a3b-4d5e-4f60-8a7b-%012x", number))!
    }

    /// Six items in list order covering every case the golden texts must show: a day last year,
    /// yesterday, today (done and pending), tomorrow, a later day; punctuation each format must
    /// escape; Korean, Japanese and emoji; a long text that iCalendar folds; a line break and tab.
    static let small: [TodoItem] = [
        TodoItem(
            id: id(5), text: "New year's eve", date: date("2024-12-31T23:00:00.000Z"), color: .magenta, isDone: true,
            createdAt: date("2024-12-01T09:00:00.000Z"), modifiedAt: date("2025-01-01T00:30:00.000Z"), version: 3
        ),
        TodoItem(
            id: id(1), text: "Buy milk, eggs; \"bread\"", date: date("2025-01-11T09:30:00.250Z"), color: .red,
            createdAt: date("2025-01-10T08:00:00.000Z"), modifiedAt: date("2025-01-11T08:15:00.000Z"), version: 2
        ),
        TodoItem(
            id: id(2), text: "우유 사기 🥛", date: date("2025-01-12T12:00:00.000Z"), color: .green, isDone: true,
            createdAt: date("2025-01-12T07:00:00.000Z"), modifiedAt: date("2025-01-12T09:45:00.000Z"), version: 2
        ),
        TodoItem(
            id: id(3), text: #"C:\temp *draft* [1] <b> & _x_ | ~y~ `z`"#, date: date("2025-01-12T18:00:00.000Z"),
            createdAt: date("2025-01-12T07:30:00.000Z"), version: 1
        ),
        TodoItem(
            id: id(4), text: "日本語のとても長いテキストは七十五オクテットで折り返されなければならない、そしてマルチバイト文字は分割されない",
            date: date("2025-01-13T08:00:00.000Z"), color: .blue,
            createdAt: date("2025-01-12T08:00:00.000Z"), version: 1
        ),
        TodoItem(
            id: id(6), text: "Two\nlines\tand a tab", date: date("2025-02-03T14:15:16.000Z"), color: .white,
            createdAt: date("2025-01-12T08:10:00.000Z"), version: 1
        ),
    ]

    /// The sample store's thirty items (`data/sample-v1.json`, the sample as format version 1,
    /// whose fields every format carries: Korean, Japanese, emoji, quotes, commas, semicolons,
    /// backslashes, a long text) and a dozen harder ones, in list order. Each format's tests of
    /// notes, priority, tags and foreign properties have fixtures of their own.
    static let realistic: [TodoItem] = FetchRequest().apply(to: sample + extras)

    static let sample: [TodoItem] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/sample-v1.json").standardized.path
        guard let bytes = FileManager.default.contents(atPath: path),
            let contents = try? StoreDecoder.decode([UInt8](bytes), path: path, calendar: calendar)
        else { fatalError("cannot read the sample store at \(path)") }
        return contents.items
    }()

    /// Texts the sample lacks: joined and flag emoji, markup, a literal backslash-n, runs of
    /// spaces, and a long mixed-script text; every colour, some done.
    static let extras: [TodoItem] = {
        let texts = [
            "Family 👨‍👩‍👧‍👦 dinner", "Flag 🇰🇷 🇯🇵 party", #"Escape \n is not a newline"#, "<script>alert('x')</script>",
            "_underscored_ and ~struck~ *bold* `code`", "[link](http://example.com) & &amp;", "Runs  of   spaces",
            "Ünïcödé façade café", "Semicolons; everywhere; really;", #"Quote: "to be, or not to be""#,
            "Long: " + String(repeating: "가나다라마바사 アイウエオ lorem ipsum, dolor; sit\\amet ", count: 6),
            "Plan trip to 부산 and 大阪",
        ]
        let colors = TodoColor.allCases
        let start = date("2024-11-20T08:00:00.000Z")
        return texts.enumerated().map { index, text in
            let day = start.addingTimeInterval(Double(index * 3) * 86_400 + Double(index % 5) * 3_700 + 0.125)
            return TodoItem(
                id: id(100 + index), text: text, date: day, color: colors[index % colors.count], isDone: index % 4 == 1,
                createdAt: day.addingTimeInterval(-86_400 * 2), modifiedAt: day.addingTimeInterval(-3_600),
                version: 1 + index % 3
            )
        }
    }()

    /// Items without a date, with a start (a whole day and a time) and done at a known time: what
    /// every format must carry as absent, a start and a completion.
    static let dates: [TodoItem] = {
        let day = date("2025-01-14T00:00:00.000Z")
        return [
            TodoItem(
                id: id(200), text: "Read a book", date: nil, createdAt: day, modifiedAt: day.addingTimeInterval(60)),
            TodoItem(
                id: id(201), text: "Undated and done", date: nil, isDone: true, createdAt: day,
                modifiedAt: day.addingTimeInterval(7_200), completedAt: day.addingTimeInterval(3_600)),
            TodoItem(
                id: id(202), text: "Starts on a day", date: day.addingTimeInterval(3 * 86_400), createdAt: day,
                hasTime: false, start: day.addingTimeInterval(86_400), startHasTime: false),
            TodoItem(
                id: id(203), text: "Starts at a time, no due", date: nil, createdAt: day,
                start: day.addingTimeInterval(86_400 + 9 * 3_600)),
        ]
    }()

    /// Everything the real-program checks feed the programs: the realistic set, the small one and
    /// the dates.
    static let everything: [TodoItem] = realistic + small + dates

    /// The bytes of a single-file export.
    static func export(
        _ items: [TodoItem], as format: ExportFormat, lists: [TodoList] = [.standard]
    ) -> [UInt8] {
        guard case .file(let bytes) = format.export(items, lists: lists, now: now, calendar: calendar) else {
            fatalError("\(format) does not export a single file")
        }
        return bytes
    }

    /// Exports, parses and exports again.
    static func roundTrip(
        _ items: [TodoItem], as format: ExportFormat
    ) throws -> (first: ExportOutput, parsed: [TodoItem], second: ExportOutput) {
        let first = format.export(items, now: now, calendar: calendar)
        let input: ImportInput
        switch first {
        case .file(let bytes): input = .file(name: "export", bytes: bytes)
        case .directory(let files): input = .directory(name: "export", files: files)
        }
        let parsed = try format.parse(input, now: now, calendar: calendar)
        return (first, parsed, format.export(parsed, now: now, calendar: calendar))
    }

    static func parse(
        _ text: String, as format: ExportFormat, name: String = "input"
    ) throws(ExchangeError) -> [TodoItem] {
        try format.parse(.file(name: name, bytes: Array(text.utf8)), now: now, calendar: calendar)
    }

    /// The message an import of `text` fails with, or `nil` when it succeeds.
    static func importError(_ text: String, as format: ExportFormat) -> String? {
        importError(.file(name: "input", bytes: Array(text.utf8)), as: format)
    }

    /// The message an import of `input` fails with, or `nil` when it succeeds.
    static func importError(_ input: ImportInput, as format: ExportFormat) -> String? {
        do {
            _ = try format.parse(input, now: now, calendar: calendar)
            return nil
        } catch {
            return error.description
        }
    }
}

extension ExportFixtures {
    /// The items as a format without `version` reads them back (version 0).
    static func unversioned(_ items: [TodoItem]) -> [TodoItem] {
        items.map { item in
            var copy = item
            copy.version = 0
            return copy
        }
    }

    /// The items, each done one without a completion time completed at its modification time, as
    /// Taskwarrior's `end` gives them back.
    static func endingAtModification(_ items: [TodoItem]) -> [TodoItem] {
        items.map { item in
            var copy = item
            if copy.isDone, copy.completedAt == nil { copy.completedAt = copy.modifiedAt }
            return copy
        }
    }

    /// The items with every date truncated to whole seconds, as iCalendar and Taskwarrior keep them.
    static func truncatedToSeconds(_ items: [TodoItem]) -> [TodoItem] {
        let truncate = { (date: Date) in Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
        // A new value, as `createdAt` is fixed at creation; every other field as it is.
        return unversioned(items).map { item in
            TodoItem(
                id: item.id, text: item.text, date: item.date.map(truncate), color: item.color, isDone: item.isDone,
                createdAt: truncate(item.createdAt), modifiedAt: truncate(item.modifiedAt), notes: item.notes,
                priority: item.priority, tags: item.tags, hasTime: item.hasTime, foreign: item.foreign,
                start: item.start.map(truncate), startHasTime: item.startHasTime,
                completedAt: item.completedAt.map(truncate)
            )
        }
    }

    /// `20250112T093000Z`, as iCalendar and Taskwarrior write `date`.
    static func basic(_ date: Date) -> String {
        var buffer = ExportBuffer(capacity: UTCDateTime.basicLength)
        buffer.appendBasicTimestamp(date)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// Text with CRLF shown as `⏎` and a newline, for readable golden comparisons.
    static func visible(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "⏎\n")
    }
}
