import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `JSONStore.passthroughJSONExport(for:)` and `CanonicalStoreReader`: the JSON export copied
/// from a compacted, canonical store file is byte for byte the normal path's, and anything else
/// takes the normal path.
@Suite("JSON export passed through from the store file")
struct JSONStorePassthroughTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    let folder: TemporaryDirectory
    let path: String
    let store: JSONStore

    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("todos.json")
        store = JSONStore(path: path, calendar: Self.utc)
    }

    // MARK: Helpers

    /// What the CLI exported before the passthrough: load, fetch, encode.
    func normalExport(_ request: FetchRequest = FetchRequest()) -> Result<[UInt8], StoreError> {
        let context = TodoContext(
            store: JSONStore(path: path, calendar: Self.utc), now: { Date(timeIntervalSince1970: 0) })
        do {
            let items = try context.fetch(request)
            guard case .file(let bytes) = ExportFormat.json.export(items, now: Date(), calendar: Self.utc) else {
                preconditionFailure("json exports one file")
            }
            return .success(bytes)
        } catch {
            return .failure(error)
        }
    }

    /// The passthrough's bytes as a result comparable with `normalExport()`.
    func passthrough(_ request: FetchRequest = FetchRequest()) -> Result<[UInt8], StoreError>? {
        store.passthroughJSONExport(for: request).map { .success($0) }
    }

    /// The error of `result`, if it is one.
    static func failure(_ result: Result<[UInt8], StoreError>) -> StoreError? {
        if case .failure(let error) = result { error } else { nil }
    }

    /// The file `writeWhole` writes for these contents.
    static func canonical(_ contents: StoreContents) -> [UInt8] {
        StoreEncoder.encode(contents.inFileOrder)
    }

    /// Writes `bytes` as the store file and checks that the passthrough is not taken and the
    /// normal path gives `expected` (an export or an error).
    func expectFallback(
        _ bytes: [UInt8], _ expected: Result<[UInt8], StoreError>? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try writeFile(path, bytes)
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil, sourceLocation: sourceLocation)
        if let expected {
            #expect(normalExport() == expected, sourceLocation: sourceLocation)
        }
    }

    /// A small canonical file with every optional key and the items it holds, in export order.
    static let fixture: (contents: StoreContents, items: [TodoItem]) = {
        let day = Date(millisecondsSince1970: 1_767_225_600_000)
        let items = [
            TodoItem(
                id: UUID(uuidString: "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6")!, text: "Buy \"milk\" \\ 🥛",
                date: day, color: .red, createdAt: day, version: 3, notes: "two\nlines", priority: .high,
                tags: ["shop", "café"], hasTime: false,
                foreign: ForeignProperties(
                    iCalendar: ["X-A:b"], taskwarrior: [ForeignAttribute(name: "recur", rawJSON: "\"weekly\"")],
                    todoTxt: ["t:2026-01-01"])),
            TodoItem(
                id: UUID(uuidString: "A1B2C3D4-E5F6-4789-9ABC-DEF012345678")!, text: "Call Mum",
                date: day.addingTimeInterval(3_600.5), isDone: true, createdAt: day, version: 1),
            TodoItem(
                id: UUID(uuidString: "B1B2C3D4-E5F6-4789-9ABC-DEF012345678")!, text: "nul\u{0} del\u{7F} c1\u{85}",
                date: day.addingTimeInterval(3_600.5), createdAt: day, version: 1, priority: .low),
        ]
        return (StoreContents(generation: 7, items: items.reversed()), items)
    }()

    static var fixtureText: String { String(decoding: canonical(fixture.contents), as: UTF8.self) }

    /// The fixture file with `original` (which must occur) replaced by `replacement` once.
    static func edited(_ original: String, _ replacement: String) -> [UInt8] {
        let text = fixtureText
        guard let range = text.range(of: original) else { preconditionFailure("\(original) is not in the fixture") }
        return Array(text.replacingCharacters(in: range, with: replacement).utf8)
    }

    // MARK: Random stores

    static let texts: [String] =
        ExportFixtures.realistic.map(\.text) + [
            "", "a", "\u{0}", "nul \u{0} inside", "\u{7F}", "\u{80}\u{85}\u{9F}\u{A0}", "quote \" backslash \\ slash /",
            "\t\n\r\u{8}\u{C}\u{1B}[31m red", "😀👨‍👩‍👧‍👦🇰🇷", "\u{2028}\u{2029}\u{FEFF}", "e\u{301} é", "K \u{212A}",
            String(repeating: "long ", count: 900), "\u{1F}\u{10FFFF}",
        ]
    static let tagWords = ["home", "work", "café", "日本", "😀", "a\"b", "K", "\u{212A}", "x\\y"]

    static func randomItem(_ generator: inout SplitMix64, dates: [Date]) -> TodoItem {
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: values.indices, using: &generator)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        let range = TimestampFormat.representableMilliseconds
        func anyDate() -> Date {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: Date(millisecondsSince1970: range.lowerBound)
            case 1: Date(millisecondsSince1970: range.upperBound)
            case 2: Date(millisecondsSince1970: Int64.random(in: range, using: &generator))
            default: pick(dates)
            }
        }
        var date = anyDate()
        let hasTime = !chance(20)
        if !hasTime { date = Self.utc.startOfDay(for: date) }
        var foreign = ForeignProperties()
        if chance(15) {
            if chance(60) {
                foreign.iCalendar = (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(texts) }
            }
            if chance(60) {
                foreign.taskwarrior = [
                    ForeignAttribute(name: "recur", rawJSON: "\"weekly\""),
                    ForeignAttribute(name: pick(texts), rawJSON: "[{\"entry\": \"x\\\"y\"}]"),
                ]
            }
            if chance(60) { foreign.todoTxt = ["rec:1w", pick(texts)] }
        }
        return TodoItem(
            id: UUID(
                uuid: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    .withUnsafeBytes { $0.load(as: uuid_t.self) }),
            text: pick(texts), date: date, color: pick(TodoColor.allCases), isDone: chance(30),
            createdAt: anyDate(), modifiedAt: anyDate(),
            version: chance(5) ? StoreReader.largestCount : Int.random(in: 0...5, using: &generator),
            notes: chance(20) ? pick(texts) : "", priority: chance(40) ? pick(TodoPriority.allCases) : .none,
            tags: chance(25)
                ? TodoTags((0..<Int.random(in: 1...4, using: &generator)).map { _ in pick(tagWords) }) : [],
            hasTime: hasTime, foreign: foreign)
    }

    @Test("for random canonical stores the passthrough is taken and its bytes are the normal path's")
    func randomStores() throws {
        var generator = SplitMix64(seed: 41)
        for round in 0..<300 {
            // Few distinct dates, so that many items tie on the date and go by id.
            let dates = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                Date(millisecondsSince1970: 1_767_225_600_000 + Int64.random(in: 0...86_400_000, using: &generator))
            }
            let items = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Self.randomItem(&generator, dates: dates)
            }
            let generation = [0, 1, StoreReader.largestCount, Int.random(in: 0...1_000_000, using: &generator)][
                round % 4]
            try writeFile(path, Self.canonical(StoreContents(generation: generation, items: items)))
            let passed = passthrough()
            #expect(passed != nil, "round \(round): not passed through")
            #expect(passed == normalExport(), "round \(round)")
        }
    }

    @Test("a store saved and compacted through a context is passed through")
    func savedStore() throws {
        let context = TodoContext(store: store, now: { Date(millisecondsSince1970: 1_767_225_600_000) })
        for (index, item) in Self.fixture.items.enumerated() {
            try context.insert(item)
            try context.insert(text: "item \(index)", date: item.date?.addingTimeInterval(-Double(index)))
        }
        try context.save()
        try store.compact()
        let passed = passthrough()
        #expect(passed != nil)
        #expect(passed == normalExport())
        // An empty store written whole, too.
        try writeFile(path, Self.canonical(StoreContents(generation: 3)))
        #expect(passthrough() == normalExport())
    }

    // MARK: Not passed through

    @Test("a journal with a record is not passed through; an empty journal or a torn tail is")
    func journal() throws {
        let context = TodoContext(store: store, now: { Date(millisecondsSince1970: 1_767_225_600_000) })
        try context.insert(Self.fixture.items[0])
        try context.save()
        try context.insert(Self.fixture.items[1])
        try context.save()
        #expect(FileManager.default.fileExists(atPath: store.journalPath))
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil)
        try store.compact()
        try writeFile(store.journalPath, [])
        #expect(passthrough() == normalExport())
        try writeFile(store.journalPath, Array("{\"generation\": 9, \"items\": [".utf8))
        #expect(passthrough() == normalExport())
        // A journal the normal path refuses reports its error there.
        try writeFile(store.journalPath, Array("not json\n".utf8))
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil)
        #expect(Self.failure(normalExport()) != nil)
        try FileManager.default.removeItem(atPath: store.journalPath)
        try FileManager.default.createDirectory(atPath: store.journalPath, withIntermediateDirectories: false)
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil)
    }

    @Test("a filter, a limit, an offset or another sort is not passed through")
    func requests() throws {
        try writeFile(path, Self.canonical(Self.fixture.contents))
        #expect(store.passthroughJSONExport(for: FetchRequest()) != nil)
        for request in [
            FetchRequest(predicate: .isDone(false)), FetchRequest(fetchLimit: 2), FetchRequest(fetchOffset: 1),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.text)]),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)]),
        ] {
            #expect(store.passthroughJSONExport(for: request) == nil, "\(request)")
        }
        // A request sorting by date alone (twice, or by id alone) orders as the file does.
        for request in [FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.date)])] {
            #expect(passthrough(request) == normalExport(request))
        }
    }

    @Test("a missing, empty, truncated or newer file is not passed through and the normal path reports it")
    func brokenFiles() throws {
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil)
        #expect(normalExport() == .success(StoreEncoder.encode(StoreContents())))
        try expectFallback([], .failure(.emptyFile(path: path)))
        let whole = Self.canonical(Self.fixture.contents)
        for length in 0..<whole.count {
            try writeFile(path, Array(whole[..<length]))
            #expect(store.passthroughJSONExport(for: FetchRequest()) == nil, "prefix of \(length) bytes")
        }
        try expectFallback(
            Self.edited("\"version\": 4\n}", "\"version\": 5\n}"), .failure(.newerVersion(path: path, version: 5)))
    }

    @Test("a version-1 file is not passed through, though its export is the current version")
    func version1() throws {
        let items = Self.fixture.items.map {
            TodoItem(
                id: $0.id, text: $0.text, date: $0.date, color: $0.color, isDone: $0.isDone, createdAt: $0.createdAt,
                modifiedAt: $0.modifiedAt, version: $0.version)
        }
        let file = StoreFormatVersion2Tests.version1File(items, generation: 4)
        try expectFallback(file)
        let bytes = try normalExport().get()
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\"version\": \(StoreError.supportedVersion)\n}\n"))
    }

    @Test("hand edits that keep the file valid are not passed through, and the normal path exports them")
    func handEdits() throws {
        let canonical = StoreEncoder.encode(StoreContents(items: Self.fixture.items))
        try writeFile(path, Self.canonical(Self.fixture.contents))
        #expect(normalExport() == .success(canonical))
        // Each edit, and whether it keeps every value (then the export is the canonical one).
        let edits: [(original: String, replacement: String, keepsValues: Bool)] = [
            ("{\n", "\u{FEFF}{\n", true),  // a byte order mark
            ("{\n", "{\r\n", true),
            ("\n}\n", "\n}\n\n", true),
            ("\n}\n", "\n}", true),
            ("\"generation\": 7", "\"generation\":7", true),
            ("\"generation\": 7", "\"generation\": 7.0", false),
            ("[\n    {", "[\n     {", true),
            ("}\n  ],", "} \n  ],", true),
            ("{\"color\": \"red\", \"createdAt\"", "{\"createdAt\"", false),
            ("\"color\": \"red\"", "\"color\": \"r\\u0065d\"", true),
            ("0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "0e4f2d7a-3b1c-4d5e-8f60-718293a4b5c6", true),
            ("0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "\\u0030E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", true),
            ("\"createdAt\": \"2026-01-01T00:00:00.000Z\"", "\"createdAt\": \"2026-01-01T00:00:00.00\\u0030Z\"", true),
            ("\"createdAt\": \"2026-01-01T00:00:00.000Z\"", "\"createdAt\": \"2026-01-01T00:00:00Z\"", true),
            ("\"createdAt\": \"2026-01-01T00:00:00.000Z\"", "\"createdAt\": \"2026-01-01T01:00:00.000+01:00\"", true),
            ("\"createdAt\": \"2026-01-01T00:00:00.000Z\"", "\"createdAt\": \"2026-01-01t00:00:00.000z\"", true),
            ("\"version\": 3}", "\"version\": 3 }", true),
            ("\"version\": 3}", "\"version\": 03}", false),
            ("\"version\": 1}", "\"version\": -0}", false),
            ("\\\"milk\\\"", "\\u0022milk\\u0022", true),
            ("\\u0000", "\\u0000\\/", false),
            ("\\u007F", "\\u007f", true),
            ("\\u0085", "\u{85}", true),
            ("\"text\": \"Call Mum\"", "\"notes\": \"\", \"text\": \"Call Mum\"", true),
            ("\"text\": \"Call Mum\"", "\"tags\": [], \"text\": \"Call Mum\"", true),
            ("\"text\": \"Call Mum\"", "\"priority\": \"none\", \"text\": \"Call Mum\"", true),
            ("\"hasTime\": true, \"id\": \"A1B2", "\"foreign\": {}, \"hasTime\": true, \"id\": \"A1B2", true),
            (
                "\"hasTime\": true, \"id\": \"A1B2",
                "\"foreign\": {\"iCalendar\": []}, \"hasTime\": true, \"id\": \"A1B2",
                true
            ),
            ("\"iCalendar\": [\"X-A:b\"]", "\"iCalendar\": [\"X-A:b\"] ", true),
            ("[\"shop\", \"café\"]", "[\"shop\",\"café\"]", true),
            ("\"isDone\": true", "\"isDone\":true", true),
        ]
        for edit in edits {
            try writeFile(path, Self.edited(edit.original, edit.replacement))
            // (Editing a value the encoder's way, such as leaving out a priority, keeps the
            // file canonical: `damagedFiles` checks those pass through right.)
            #expect(passthrough() == nil, "\(edit.replacement)")
            if edit.keepsValues {
                #expect(normalExport() == .success(canonical), "\(edit.replacement)")
            }
        }
    }

    @Test("items out of the export's order are not passed through; the normal path sorts them")
    func outOfOrder() throws {
        try expectFallback(
            StoreEncoder.encode(Self.fixture.contents),
            .success(StoreEncoder.encode(StoreContents(items: Self.fixture.items))))
        // Two items on one date out of id order.
        let swapped = StoreContents(
            generation: 1, items: [Self.fixture.items[0], Self.fixture.items[2], Self.fixture.items[1]])
        try expectFallback(
            StoreEncoder.encode(swapped), .success(StoreEncoder.encode(StoreContents(items: Self.fixture.items))))
    }

    @Test("duplicate ids or tags, invalid UTF-8 and bad values are not passed through; the normal path reports them")
    func invalidFiles() throws {
        let first = Self.fixture.items[1]
        var twin = Self.fixture.items[2]
        twin = TodoItem(
            id: first.id, text: twin.text, date: twin.date?.addingTimeInterval(1), createdAt: twin.createdAt)
        try writeFile(path, StoreEncoder.encode(StoreContents(generation: 1, items: [first, twin])))
        #expect(store.passthroughJSONExport(for: FetchRequest()) == nil)
        guard case .duplicateID? = Self.failure(normalExport()) else {
            Issue.record("a duplicate id was read")
            return
        }

        var invalidUTF8 = Self.canonical(Self.fixture.contents)
        let offset = try #require(invalidUTF8.firstIndex(of: UInt8(ascii: "M")))
        invalidUTF8[offset] = 0xFF
        try expectFallback(invalidUTF8)
        guard case .invalidUTF8? = Self.failure(normalExport()) else {
            Issue.record("invalid UTF-8 was read")
            return
        }

        for (original, replacement) in [
            ("[\"shop\", \"café\"]", "[\"K\", \"\u{212A}\"]"),  // canonically equivalent tags
            ("\"color\": \"red\"", "\"color\": \"pink\""),
            ("\"priority\": \"high\"", "\"priority\": \"urgent\""),
            ("\"generation\": 7", "\"generation\": 9007199254740993"),
            ("\"createdAt\": \"2026-01-01T00:00:00.000Z\"", "\"createdAt\": \"2026-02-30T00:00:00.000Z\""),
            ("0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6", "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5CG"),
            ("\"isDone\": false", "\"isDone\": 0"),
            ("\"format\": \"todo-tui\"", "\"format\": \"todo-gui\""),
        ] {
            try expectFallback(Self.edited(original, replacement))
            #expect(Self.failure(normalExport()) != nil, "\(replacement) was read")
        }
    }

    @Test("whenever a randomly damaged file is passed through, its bytes are the normal path's")
    func damagedFiles() throws {
        let whole = Self.canonical(Self.fixture.contents)
        let bytes: [UInt8] = Array(" \n\t\"\\,:{}[]0159-.aAeEfFTZu".utf8) + [0x00, 0x7F, 0x80, 0xC2, 0xFF]
        var generator = SplitMix64(seed: 43)
        var passed = 0
        for round in 0..<3_000 {
            var damaged = whole
            let offset = Int.random(in: damaged.indices, using: &generator)
            let byte = bytes[Int.random(in: bytes.indices, using: &generator)]
            switch round % 3 {
            case 0: damaged[offset] = byte
            case 1: damaged.remove(at: offset)
            default: damaged.insert(byte, at: offset)
            }
            try writeFile(path, damaged)
            guard let exported = store.passthroughJSONExport(for: FetchRequest()) else { continue }
            passed += 1
            #expect(normalExport() == .success(exported), "round \(round)")
        }
        // Changing a digit of a date or a letter of a text keeps a file canonical.
        #expect(passed > 0)
    }
}
