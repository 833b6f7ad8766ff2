import Foundation
import Testing

@testable import todo_tui

/// The configuration file's TOML reader: what it reads agrees with Python's `tomllib` (a real
/// TOML 1.0 parser), and what it refuses is named at the right line and column.
@Suite("TOML reader")
struct TOMLParserTests {
    static func parse(_ text: String) throws(TOMLSyntaxError) -> TOMLDocument {
        try TOMLParser.parse(Array(text.utf8))
    }

    /// The document as nested dictionaries, as a JSON reader of the same file would see it.
    static func nested(_ document: TOMLDocument) throws -> NSDictionary {
        var root: [String: Any] = [:]
        func insert(_ value: Any?, at path: ArraySlice<String>, into table: inout [String: Any]) {
            guard let first = path.first else { return }
            if path.count == 1 {
                table[first] = value ?? table[first] ?? [String: Any]()
                return
            }
            var inner = table[first] as? [String: Any] ?? [:]
            insert(value, at: path.dropFirst(), into: &inner)
            table[first] = inner
        }
        func plain(_ value: TOMLValue) -> Any {
            switch value.kind {
            case .string(let text): text
            case .integer(let number): number
            case .boolean(let flag): flag
            case .array(let elements): elements.map(plain)
            }
        }
        for header in document.tables { insert(nil, at: header.path[...], into: &root) }
        for entry in document.entries { insert(plain(entry.value), at: entry.key.path[...], into: &root) }
        let json = try JSONSerialization.data(withJSONObject: root)
        return try #require(try JSONSerialization.jsonObject(with: json) as? NSDictionary)
    }

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What Python's `tomllib` reads from `text`, as JSON turned back into dictionaries.
    static func tomllib(_ text: String) throws -> NSDictionary? {
        let python = try #require(Self.python)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import sys, json, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return try JSONSerialization.jsonObject(with: data) as? NSDictionary
    }

    static let valid = [
        "",
        "# only a comment\n\n   \n",
        "[keys]\ndown = [\"j\", \"down\", \"ctrl-n\"]\nup = 'k'\n",
        "[keys.editor]\nleft = \"ctrl-b\" # a comment after a value\n\r\n[calendar]\r\nclock = \"12-hour\"\r\n",
        "a.b.c = 1\na.b.d = -2\na.e = +3\n[x]\n\"quoted key\" = true\n'literal key' = false\n",
        "s = \"tab\\there \\\"q\\\" back\\\\slash \\u00e9 \\U0001F600 \\b\\f\\n\\r\"\nl = 'C:\\path\\no escapes'\n",
        "n = 1_000_000\nz = 0\nneg = -9223372036854775808\nbig = 9223372036854775807\n",
        "arr = [\n  \"a\", # first\n  \"b\",\n\n  # between\n  \"c\",\n]\nnested = [[1, 2], [], [\"x\"]]\n",
        "[ spaced . table ]\nk = \"v\"\n[spaced]\nother = 1\n",
        "[a.b]\n[a]\nc = 1\n",
        "é = \"accented key needs quotes\"\n".replacingOccurrences(of: "é", with: "\"é\""),
        "[theme]\ntitle = \"#ff8800\"\nheader = 208\n",
    ]

    @Test("reads what Python's tomllib reads, value for value", arguments: valid)
    func agreesWithTomllib(text: String) throws {
        let ours = try Self.nested(try Self.parse(text))
        if Self.python != nil, let theirs = try Self.tomllib(text) {
            #expect(ours == theirs, "\(text.debugDescription): ours \(ours), tomllib \(theirs)")
        } else {
            Issue.record("python3 with tomllib should read \(text.debugDescription)")
        }
    }

    @Test("keeps each key's and value's line and column, columns counting characters")
    func positions() throws {
        let document = try Self.parse("# comment\n[keys]\n  done = [\"x\", \"é\", \"space\"]\n[a]\n\"é\" = 1\n")
        let entry = try #require(document.entries.first)
        #expect(entry.key.path == ["keys", "done"])
        #expect(entry.key.positions == [TextPosition(line: 2, column: 2), TextPosition(line: 3, column: 3)])
        #expect(entry.value.position == TextPosition(line: 3, column: 10))
        guard case .array(let elements) = entry.value.kind else {
            Issue.record("an array: \(entry.value)")
            return
        }
        #expect(elements.map(\.position.column) == [11, 16, 21])
        #expect(document.entries[1].value.position == TextPosition(line: 5, column: 7))
        #expect(document.tables.map(\.path) == [["keys"], ["a"]])
    }

    static let invalid: [(text: String, line: Int, column: Int, message: String)] = [
        ("key = \"unclosed\n", 1, 7, "the string that starts here is not closed on its line"),
        ("key = 'unclosed\n", 1, 7, "the string that starts here is not closed on its line"),
        ("key = \"\"\"multi\"\"\"\n", 1, 7, "multi-line strings"),
        ("key = '''multi'''\n", 1, 7, "multi-line strings"),
        ("key = 1.5\n", 1, 7, "1.5 is not a whole number"),
        ("key = 1e3\n", 1, 7, "1e3 is not a whole number"),
        ("key = inf\n", 1, 7, "not 'inf'"),
        ("key = 0x1F\n", 1, 7, "write the number 0x1F in decimal"),
        ("key = 1979-05-27\n", 1, 7, "dates and times"),
        ("key = 07:32:00\n", 1, 7, "dates and times"),
        ("key = 01\n", 1, 7, "leading zero"),
        ("key = 1__0\n", 1, 7, "an underscore must stand between two digits"),
        ("key = 99999999999999999999\n", 1, 7, "too large"),
        ("key = {a = 1}\n", 1, 7, "inline tables"),
        ("key = True\n", 1, 7, "not 'True'"),
        ("key = nope\n", 1, 7, "not 'nope'"),
        ("key =\n", 1, 6, "expected a value after ="),
        ("key \"x\"\n", 1, 5, "expected = after the key key"),
        ("= 1\n", 1, 1, "expected a key"),
        ("[[tables]]\n", 1, 1, "arrays of tables"),
        ("[table\n", 1, 7, "expected ] to close the table header"),
        ("[a]\n[a]\n", 2, 2, "the table [a] is already defined at line 1"),
        ("a = 1\na = 2\n", 2, 1, "a is already set at line 1"),
        ("a = 1\n[a]\n", 2, 2, "a is already a value (line 1), not a table"),
        ("a = 1\na.b = 2\n", 2, 1, "a is already a value"),
        ("a.b = 1\n[a]\n", 2, 2, "made by a dotted key at line 1"),
        ("[a]\nb = 1 c = 2\n", 2, 7, "expected the end of the line after the value"),
        ("[a] x\n", 1, 5, "expected the end of the line after the table header"),
        ("arr = [1, 2\n", 2, 1, "the array is not closed"),
        ("arr = [1 2]\n", 1, 10, "expected , or ] after an array element"),
        ("s = \"bad \\q escape\"\n", 1, 10, "\\q is not an escape"),
        ("s = \"\\uD800\"\n", 1, 6, "hexadecimal digits naming a Unicode scalar"),
        ("s = \"a\u{7}b\"\n", 1, 7, "control character"),
        ("# bell \u{7} in a comment\n", 1, 8, "a comment holds a control character"),
        ("a = 1\r\rb = 2\n", 1, 6, "a carriage return must be followed by a line feed"),
        ("ok = 1\n\"é\" = \"é\" x\n", 2, 11, "expected the end of the line"),
    ]

    @Test(
        "refuses what is not TOML, or outside the subset, at its line and column",
        arguments: invalid.indices)
    func refuses(index: Int) {
        let (text, line, column, message) = Self.invalid[index]
        do {
            let document = try Self.parse(text)
            Issue.record("\(text.debugDescription) was read as \(document)")
        } catch {
            #expect(error.position == TextPosition(line: line, column: column), "\(text.debugDescription): \(error)")
            #expect(error.message.contains(message), "\(text.debugDescription): \(error.message)")
        }
    }

    @Test("refuses bytes that are not UTF-8 at the first bad byte")
    func invalidUTF8() {
        var bytes = Array("a = 1\n# caf".utf8)
        bytes += [0xC3, 0x28]
        #expect(
            throws: TOMLSyntaxError(
                position: TextPosition(line: 2, column: 6), message: "the file is not UTF-8 text (byte 0xc3)")
        ) {
            try TOMLParser.parse(bytes)
        }
    }

    @Test("the UTF-8 check agrees with the standard library's on random bytes, and finds the first bad one")
    func utf8Agrees() {
        var random = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("한".utf8), Array("😀".utf8), [0x80], [0xC0, 0x80],
            [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0xF0, 0x9F, 0x98],
        ]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...6, using: &random)).flatMap { _ in pieces.randomElement(using: &random)!
            }
            let bad = TOMLParser.firstInvalidUTF8(bytes)
            #expect((bad == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            if let bad {
                #expect(String(validating: bytes[..<bad], as: UTF8.self) != nil, "\(bytes) at \(bad)")
            }
        }
    }

    @Test("every refused text is refused by tomllib too, or lies outside the subset")
    func refusalsAgree() throws {
        // TOML integers are 64-bit and must not be read lossily; tomllib reads any size.
        let outsideSubset = [
            "multi-line", "whole number", "in decimal", "dates and times", "inline tables", "arrays of tables", "'inf'",
            "too large",
        ]
        for (text, _, _, message) in Self.invalid where !outsideSubset.contains(where: message.contains) {
            #expect(try Self.tomllib(text) == nil, "tomllib reads \(text.debugDescription)")
        }
    }
}
