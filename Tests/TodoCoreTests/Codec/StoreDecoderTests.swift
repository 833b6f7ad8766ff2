import Foundation
import Testing

@testable import TodoCore

@Suite("Store decoder")
struct StoreDecoderTests {
    /// Days in UTC, for version-1 items' `hasTime`.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private func decode(_ text: String) throws(StoreError) -> StoreContents {
        try StoreDecoder.decode(Array(text.utf8), path: "t.json", calendar: Self.utc)
    }

    /// The error decoding `text` throws, or nil if it decodes.
    private func error(_ text: String) -> StoreError? {
        error(Array(text.utf8))
    }

    private func error(_ bytes: [UInt8]) -> StoreError? {
        do {
            _ = try StoreDecoder.decode(bytes, path: "t.json")
            return nil
        } catch {
            return error
        }
    }

    private func syntax(_ line: Int, _ column: Int, expected: String, found: String) -> StoreError {
        .invalidJSON(path: "t.json", line: line, column: column, expected: expected, found: found)
    }

    @Test("keys may come in any order and white space is free")
    func anyKeyOrder() throws {
        let text = """
            \u{FEFF} {"version":1,"items":[{"version":3,"text":"Buy milk","modifiedAt":"2025-01-30T09:15:00.000Z",\r
            "isDone":false,"id":"0e4f2d7a-3b1c-4d5e-8f60-718293a4b5c6","date":"2025-01-31T00:00:00Z","createdAt":
            "2025-01-30T10:15:00+01:00","color":"red"}],"generation":12,"format":"todo-tui"}\t\n
            """
        let contents = try decode(text)
        // A version-1 item at the start of a day (in UTC here) is a whole day.
        var milk = StoreFixtures.milk
        milk.hasTime = false
        #expect(contents == StoreContents(generation: 12, items: [milk]))
    }

    @Test("escape sequences decode, surrogate pairs join, and keys may be escaped")
    func escapes() throws {
        let line = StoreFixtures.milkLine(
            replacing: #""text": "Buy milk""#, with: #""te\u0078t": "\ud83d\ude00 \u00e9\/\"\\\b\f\n\r\t\u0000\u001b""#)
        let contents = try StoreDecoder.decode(StoreFixtures.file(itemLine: line), path: "t.json")
        #expect(contents.items.first?.text == "😀 é/\"\\\u{8}\u{C}\n\r\t\u{0}\u{1B}")
    }

    @Test(
        """
        strict JSON: comments, trailing commas, quotes, numbers and escapes outside RFC 8259 are refused with their \
        position
        """
    )
    func strictSyntax() {
        let milk = StoreFixtures.milkLine()
        #expect(
            error(String(decoding: StoreFixtures.file(itemLine: milk + ","), as: UTF8.self))
                == syntax(6, 3, expected: "a value", found: "']'"))
        #expect(error("// comment\n{}") == syntax(1, 1, expected: "a value", found: "'/'"))
        #expect(error("{'format': 1}") == syntax(1, 2, expected: "a key in double quotes", found: "'''"))
        #expect(
            error(#"{"format": "todo-tui", "generation": 01}"#)
                == syntax(1, 39, expected: "no digit after a leading 0", found: "'1'"))
        #expect(error(#"{"format": "todo-tui", "generation": +1}"#) == syntax(1, 38, expected: "a value", found: "'+'"))
        #expect(error(#"{"format": "todo-tui", "generation": 1.}"#) == syntax(1, 40, expected: "a digit", found: "'}'"))
        #expect(
            error(#"{"format": "todo-tui", "generation": NaN}"#) == syntax(1, 38, expected: "a value", found: "'N'"))
        #expect(
            error(StoreFixtures.file(itemLine: StoreFixtures.milkLine(replacing: "false", with: "fals")))
                == syntax(5, 159, expected: "'false'", found: "','"))
        #expect(
            error("{\"format\": \"todo\ttui\"}")
                == syntax(
                    1, 17, expected: "'\"' or a character (control characters must be escaped)",
                    found: "the control character U+0009"))
        #expect(
            error(#"{"format": "\x41"}"#)
                == syntax(
                    1, 14, expected: #"an escape (\" \\ \/ \b \f \n \r \t or \u and four hex digits)"#, found: "'x'"))
        #expect(error(#"{"format": "\u12G4"}"#) == syntax(1, 17, expected: #"four hex digits after \u"#, found: "'G'"))
        #expect(
            error(#"{"format": "\uD83D"}"#)
                == syntax(1, 19, expected: #"a low surrogate escape (\uDC00 to \uDFFF) after \uD83D"#, found: "'\"'"))
        #expect(
            error(#"{"format": "\uD83D\u0041"}"#)
                == syntax(1, 19, expected: #"a low surrogate escape (\uDC00 to \uDFFF) after \uD83D"#, found: "'\\'"))
        #expect(
            error(#"{"format": "\uDE00"}"#)
                == syntax(1, 13, expected: #"a high surrogate escape before the low surrogate \uDE00"#, found: "'\\'"))
        #expect(error(#"{"format": "todo-tui""#) == syntax(1, 22, expected: "',' or '}'", found: "the end of the file"))
        #expect(error(#"{"format" "todo-tui"}"#) == syntax(1, 11, expected: "':' after a key", found: "'\"'"))
        #expect(error("  \n\n  ") == syntax(3, 3, expected: "a value", found: "the end of the file"))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        let line = StoreFixtures.milkLine(replacing: #""Buy milk""#, with: #""한국어 ✅" x"#)
        #expect(error(StoreFixtures.file(itemLine: line)) == syntax(5, 220, expected: "',' or '}'", found: "'x'"))
    }

    @Test("every truncation of a valid store is refused as bad data, never read as a smaller store")
    func everyTruncation() throws {
        let bytes = StoreEncoder.encode(StoreFixtures.contents)
        let lastBrace = try #require(bytes.lastIndex(of: UInt8(ascii: "}")))
        for length in 0...lastBrace {
            let failure = error(Array(bytes[..<length]))
            #expect(failure?.category == .badData, "a file cut to \(length) bytes was accepted")
        }
        #expect(error(Array(bytes[...lastBrace])) == nil)
    }

    @Test("a truncated file names the line and column where it ends")
    func truncated() {
        let bytes = StoreEncoder.encode(StoreFixtures.contents)
        let text = String(decoding: bytes, as: UTF8.self)
        let cut = text.range(of: "Send \\\"Q4")!.upperBound
        #expect(
            error(String(text[..<cut]))
                == syntax(6, 242, expected: "'\"' to end the string", found: "the end of the file"))
        #expect(
            error(String(text[..<cut]))?.description
                == "The store t.json is not valid JSON at line 6, column 242: expected '\"' to end the string, found "
                + "the end of the file."
        )
    }

    @Test("a second byte order mark, and other invisible characters, are named by code point, never printed raw")
    func invisibleFound() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let doubled = bom + bom + Array(#"{"format": "todo-tui"}"#.utf8)
        let expected = StoreError.invalidJSON(
            path: "t.json", line: 1, column: 2, expected: "a value", found: "a byte order mark (U+FEFF)")
        #expect(error(doubled) == expected)
        #expect(!expected.description.unicodeScalars.contains("\u{FEFF}"))
        for (invisible, name) in [
            ("\u{200B}", "U+200B"), ("\u{00A0}", "U+00A0"), ("\u{0301}", "U+0301"), ("\u{E0041}", "U+E0041"),
        ] {
            let message = error(Array("\(invisible){}".utf8))?.description ?? ""
            #expect(
                message.contains("the invisible character \(name)") && !message.contains(invisible),
                "\(message.debugDescription)")
        }
    }

    @Test("invalid UTF-8 is refused at the first bad byte, inside or outside strings")
    func invalidUTF8() {
        let prefix = Array("{\"format\": \"todo".utf8)
        for bad: [UInt8] in [
            [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
        ] {
            #expect(error(prefix + bad + Array("-tui\"}".utf8)) == .invalidUTF8(path: "t.json", line: 1, column: 17))
        }
        #expect(error([0x7B, 0x0A, 0xFE]) == .invalidUTF8(path: "t.json", line: 2, column: 1))
    }

    @Test("values of the wrong type name the key, the item and its id")
    func wrongTypes() {
        let cases: [(String, String, Int, String)] = [
            (#""isDone": false"#, #""isDone": "no""#, 155, #""isDone" must be a boolean, found a string"#),
            (
                #""version": 3"#, #""version": 3.5"#, 235,
                #""version" must be a whole number from 0 to 9007199254740992, found 3.5"#
            ),
            (
                #""version": 3"#, #""version": -1"#, 235,
                #""version" must be a whole number from 0 to 9007199254740992, found -1"#
            ),
            (
                #""version": 3"#, #""version": 99999999999999999999"#, 235,
                #""version" must be a whole number from 0 to 9007199254740992, found 99999999999999999999"#
            ),
            (#""text": "Buy milk""#, #""text": ["Buy milk"]"#, 212, #""text" must be a string, found an array"#),
            (#""text": "Buy milk""#, #""text": null"#, 212, #""text" must be a string, found null"#),
            (
                #""color": "red""#, #""color": "mauve""#, 15,
                #""color" must be one of default, red, green, yellow, blue, magenta, cyan, white, found "mauve""#
            ),
            (
                #""date": "2025-01-31T00:00:00.000Z""#, #""date": "2025-02-30""#, 71,
                #""date" must be an ISO-8601 date and time such as 2025-01-31T09:15:00.000Z, found "2025-02-30""#
            ),
            (
                #""id": "0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6""#, #""id": "0E4F2D7A""#, 105,
                #""id" must be a UUID, found "0E4F2D7A""#
            ),
        ]
        for (original, replacement, column, problem) in cases {
            let file = StoreFixtures.file(itemLine: StoreFixtures.milkLine(replacing: original, with: replacement))
            let id = replacement.hasPrefix(#""id""#) ? nil : StoreFixtures.milkID
            #expect(
                error(file) == .invalidData(path: "t.json", line: 5, column: column, item: 1, id: id, problem: problem))
        }
    }

    @Test("missing, unknown and repeated keys are refused, at the top level and in items")
    func keys() {
        let milk = StoreFixtures.milkLine()
        #expect(
            error(StoreFixtures.file(itemLine: StoreFixtures.milkLine(replacing: #", "isDone": false"#, with: "")))
                == .invalidData(
                    path: "t.json", line: 5, column: 219, item: 1, id: StoreFixtures.milkID,
                    problem: #"the key "isDone" is missing"#))
        #expect(
            error(
                StoreFixtures.file(
                    itemLine: StoreFixtures.milkLine(replacing: #""text""#, with: #""urgency": 1, "text""#)))
                == .invalidData(
                    path: "t.json", line: 5, column: 204, item: 1, id: StoreFixtures.milkID,
                    problem: #"the key "urgency" is not part of an item"#))
        #expect(
            error(
                StoreFixtures.file(
                    itemLine: StoreFixtures.milkLine(replacing: #""text""#, with: #""color": "red", "text""#)))
                == .invalidData(
                    path: "t.json", line: 5, column: 204, item: 1, id: StoreFixtures.milkID,
                    problem: #"the key "color" appears twice"#))
        #expect(
            error(StoreFixtures.file(itemLine: milk, generation: #"1, "owner": "me""#))
                == .invalidData(
                    path: "t.json", line: 3, column: 20, item: nil, id: nil,
                    problem: #"the key "owner" is not part of the store format"#))
        #expect(
            error(#"{"format": "todo-tui", "items": [], "version": 1}"#)
                == .invalidData(
                    path: "t.json", line: 1, column: 49, item: nil, id: nil,
                    problem: #"the key "generation" is missing"#))
        #expect(
            error("[]")
                == .invalidData(
                    path: "t.json", line: 1, column: 1, item: nil, id: nil,
                    problem: "the top level must be an object, found an array"))
        #expect(
            error(#"{"format": "todo-tui", "generation": 1, "items": [7], "version": 1}"#)
                == .invalidData(
                    path: "t.json", line: 1, column: 51, item: 1, id: nil,
                    problem: "an item must be an object, found a number"))
    }

    @Test("another program's JSON, a newer format version and duplicate ids get their own errors")
    func formatVersionAndDuplicates() {
        let milk = StoreFixtures.milkLine()
        #expect(
            error(#"{"format": "taskwarrior", "generation": 1}"#)
                == .wrongFormat(path: "t.json", found: #""taskwarrior""#))
        #expect(error(StoreFixtures.file(itemLine: milk, version: "5")) == .newerVersion(path: "t.json", version: 5))
        #expect(
            error(StoreFixtures.file(itemLine: milk, version: "0"))
                == .invalidData(
                    path: "t.json", line: 7, column: 14, item: nil, id: nil,
                    problem: #""version" must be a whole number from 1 to 4, found 0"#))
        // A newer version that also changed the shape: the version is the cause worth naming.
        let newerItem = StoreFixtures.milkLine(replacing: #""text""#, with: #""priority": {"level": [1, 2]}, "text""#)
        #expect(
            error(StoreFixtures.file(itemLine: newerItem, generation: #"1, "tags": []"#, version: "5"))
                == .newerVersion(path: "t.json", version: 5))
        #expect(error(StoreFixtures.file(itemLine: newerItem)) != .newerVersion(path: "t.json", version: 1))
        #expect(
            error(
                StoreFixtures.file(
                    itemLine: milk + ",\n    " + milk.replacingOccurrences(of: "Buy milk", with: "Buy more milk")))
                == .duplicateID(path: "t.json", id: StoreFixtures.milkID, firstLine: 5, secondLine: 6))
    }

    @Test("trailing data after the object and an empty file are refused")
    func trailingAndEmpty() {
        var bytes = StoreEncoder.encode(StoreFixtures.contents)
        #expect(error(bytes + Array("\n \n".utf8)) == nil)
        bytes += Array("{}".utf8)
        #expect(error(bytes) == .trailingData(path: "t.json", line: 10, column: 1))
        #expect(error([]) == .emptyFile(path: "t.json"))
    }

    @Test("messages quote what the file holds inertly, without control characters")
    func inertMessages() {
        let failure = error("{\"format\": \"\\u001b[2J\\u0007evil\"}")
        #expect(failure == .wrongFormat(path: "t.json", found: #""\u{1B}[2J\u{7}evil""#))
        #expect(failure?.description.unicodeScalars.contains { $0.value < 0x20 } == false)
    }

    @Test("deep nesting inside an unknown value is refused without exhausting the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000)
        let text = #"{"format": "todo-tui", "generation": 1, "items": [], "version": 2, "x": "# + deep
        #expect(error(text)?.category == .badData)
    }

    @Test("the generation is read from the head alone when the file starts as this program writes it")
    func generationFromHead() {
        #expect(StoreDecoder.generation(fromHead: Array(StoreFixtures.golden.utf8.prefix(60))) == 12)
        #expect(StoreDecoder.generation(fromHead: Array(#"{"format": "todo-tui", "generation": 12"#.utf8)) == nil)
        #expect(StoreDecoder.generation(fromHead: Array(#"{"generation": 12, "format": "todo-tui"}"#.utf8)) == nil)
        #expect(StoreDecoder.generation(fromHead: Array(#"{"format": "other", "generation": 12,"#.utf8)) == nil)
    }
}
