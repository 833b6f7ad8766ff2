/// Reads the subset of TOML 1.0 that todo-tui's configuration file is written in, and refuses
/// everything else at its line and column — never skipping or guessing.
///
/// The subset: comments (`#` to the end of the line); `[table]` headers; `key = value` lines with
/// bare (`page-down`), quoted (`"a b"`, `'a b'`) and dotted (`keys.editor.left`) keys; values that
/// are basic strings with TOML's escapes (`\"`, `\\`, `\b`, `\t`, `\n`, `\f`, `\r`, `\uXXXX`,
/// `\UXXXXXXXX`), literal strings (`'…'`), decimal integers (`300`, `-1`, `1_000`), `true` and
/// `false`, and arrays of these over several lines, with comments and a trailing comma. Line ends
/// are LF or CRLF; the file is UTF-8.
///
/// TOML's own rules hold: a key is given once, a table defined once, and a name is either a value
/// or a table. What no setting uses — multi-line strings, floats, dates and times, inline tables,
/// arrays of tables, hexadecimal, octal and binary integers — is refused naming the construct, so
/// a file is never half-understood.
struct TOMLParser {
    let bytes: [UInt8]
    var index = 0
    private(set) var line = 1
    private(set) var lineStart = 0
    /// What each dotted path (segments joined by U+0000) already is, and where it was made.
    private var defined: [String: Defined] = [:]
    private var tables: [TOMLDocument.Key] = []
    private var entries: [TOMLDocument.Entry] = []
    /// The header the next keys belong to.
    private var currentTable = TOMLDocument.Key(path: [], positions: [])
    /// Its name in `defined`.
    private var currentTableName = ""

    private struct Defined {
        let kind: Definition
        let position: TextPosition

        init(_ kind: Definition, _ position: TextPosition) {
            self.kind = kind
            self.position = position
        }
    }

    private enum Definition {
        /// A value.
        case value
        /// A table named by a `[header]`.
        case headerTable
        /// A table made by a dotted key (`a.b = 1` makes `a`), or by a header's prefix.
        case implicitTable
        /// A table made by a dotted key in a `key = value` line, which a header may not reopen.
        case dottedTable
    }

    /// Reads `bytes` as a whole.
    /// - Throws: `TOMLSyntaxError` at the first problem: invalid UTF-8, a construct outside the
    ///   subset, or a breach of TOML's rules.
    /// - Complexity: O(n) in the length of the file.
    static func parse(_ bytes: [UInt8]) throws(TOMLSyntaxError) -> TOMLDocument {
        var parser = TOMLParser(bytes: bytes)
        try parser.validateUTF8()
        try parser.parseDocument()
        return TOMLDocument(tables: parser.tables, entries: parser.entries)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        defined.reserveCapacity(128)
    }

    /// Whether `byte` may appear in a bare key: ASCII letters, digits, `_` and `-`.
    static func isBareKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    // MARK: Positions and errors

    /// The position of byte `offset`, which lies on the current line.
    func position(at offset: Int) -> TextPosition {
        var column = 1
        var cursor = lineStart
        while cursor < offset {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        return TextPosition(line: line, column: column)
    }

    var here: TextPosition { position(at: index) }

    func error(_ message: String, at offset: Int? = nil) -> TOMLSyntaxError {
        TOMLSyntaxError(position: position(at: offset ?? index), message: message)
    }

    /// Refuses bytes that are not UTF-8, at the first bad one.
    private func validateUTF8() throws(TOMLSyntaxError) {
        guard let offset = Self.firstInvalidUTF8(bytes) else { return }
        var scan = TOMLParser(bytes: bytes)
        while let newline = bytes[scan.lineStart..<offset].firstIndex(of: UInt8(ascii: "\n")) {
            scan.line += 1
            scan.lineStart = newline + 1
        }
        throw scan.error("the file is not UTF-8 text (byte 0x\(String(bytes[offset], radix: 16)))", at: offset)
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence (no
    /// overlong forms, surrogates or scalars past U+10FFFF), or nil when there is none.
    /// - Complexity: O(n), a few instructions per byte.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let (min, max) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= min, byte <= max else { return index }
            }
            index += length
        }
        return nil
    }

    // MARK: Lines

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ distance: Int) -> UInt8? {
        index + distance < bytes.count ? bytes[index + distance] : nil
    }

    mutating func skipSpaces() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Takes a line end (LF or CRLF) at the current byte; false when there is none.
    mutating func takeNewline() throws(TOMLSyntaxError) -> Bool {
        switch current {
        case UInt8(ascii: "\n"):
            index += 1
        case UInt8(ascii: "\r"):
            guard peek(1) == UInt8(ascii: "\n") else {
                throw error("a carriage return must be followed by a line feed")
            }
            index += 2
        default:
            return false
        }
        line += 1
        lineStart = index
        return true
    }

    /// Skips a comment from `#` to the end of its line (not the line end itself).
    mutating func skipComment() throws(TOMLSyntaxError) {
        guard current == UInt8(ascii: "#") else { return }
        // Most of a configuration file is comments: one plain loop over their bytes.
        var cursor = index
        defer { index = cursor }
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte >= 0x20, byte != 0x7F {
                cursor += 1
                continue
            }
            let crlf = byte == UInt8(ascii: "\r") && cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: "\n")
            if byte == UInt8(ascii: "\n") || crlf { return }
            if Self.isControl(byte) {
                let at = cursor
                throw error("a comment holds a control character (0x\(String(byte, radix: 16)))", at: at)
            }
            cursor += 1
        }
    }

    /// ASCII control characters other than tab, which TOML allows in no comment or string.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F
    }

    /// After a header or a value: spaces, perhaps a comment, then the line's end or the file's.
    private mutating func expectLineEnd(after what: String) throws(TOMLSyntaxError) {
        skipSpaces()
        try skipComment()
        guard current != nil else { return }
        guard try takeNewline() else { throw error("expected the end of the line after \(what)") }
    }

    private mutating func parseDocument() throws(TOMLSyntaxError) {
        while current != nil {
            skipSpaces()
            try skipComment()
            guard let byte = current else { return }
            if try takeNewline() { continue }
            if byte == UInt8(ascii: "[") {
                try parseTableHeader()
                try expectLineEnd(after: "the table header")
            } else {
                try parseKeyValue()
                try expectLineEnd(after: "the value")
            }
        }
    }

    // MARK: Tables and keys

    private mutating func parseTableHeader() throws(TOMLSyntaxError) {
        let start = index
        index += 1
        if current == UInt8(ascii: "[") {
            throw error("arrays of tables ([[…]]) are not used in this file", at: start)
        }
        skipSpaces()
        let key = try parseKey()
        skipSpaces()
        guard current == UInt8(ascii: "]") else { throw error("expected ] to close the table header") }
        index += 1
        try defineTable(key)
        tables.append(key)
        currentTable = key
        currentTableName = names(key.path).last ?? ""
    }

    private mutating func parseKeyValue() throws(TOMLSyntaxError) {
        let key = try parseKey()
        skipSpaces()
        guard current == UInt8(ascii: "=") else {
            throw error("expected = after the key \(key.dotted)")
        }
        index += 1
        skipSpaces()
        let value = try parseValue()
        let full = TOMLDocument.Key(
            path: currentTable.path + key.path, positions: currentTable.positions + key.positions)
        try defineValue(full, dottedFrom: currentTable.path.count)
        entries.append(TOMLDocument.Entry(key: full, value: value))
    }

    /// A bare, quoted or dotted key.
    private mutating func parseKey() throws(TOMLSyntaxError) -> TOMLDocument.Key {
        var path: [String] = []
        var positions: [TextPosition] = []
        while true {
            positions.append(here)
            path.append(try parseKeySegment())
            skipSpaces()
            guard current == UInt8(ascii: ".") else { return TOMLDocument.Key(path: path, positions: positions) }
            index += 1
            skipSpaces()
        }
    }

    private mutating func parseKeySegment() throws(TOMLSyntaxError) -> String {
        switch current {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return try parseBasicString()
        case UInt8(ascii: "'"):
            return try parseLiteralString()
        default:
            let start = index
            while let byte = current, Self.isBareKeyByte(byte) { index += 1 }
            guard index > start else {
                throw error("expected a key (letters, digits, - and _, or a quoted name) or a [table] header")
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }

    /// The keys of `defined` for each prefix of `path` from its segment `start` on, `base`
    /// being the name of the prefix before it: segments joined by U+0000, built one at a time.
    private func names(_ path: [String], from start: Int = 0, base: String = "") -> [String] {
        var names: [String] = []
        names.reserveCapacity(path.count - start)
        var name = base
        for segment in path[start...] {
            if start > 0 || !names.isEmpty { name += "\u{0}" }
            name += segment
            names.append(name)
        }
        return names
    }

    private func described(_ path: ArraySlice<String>) -> String {
        TOMLDocument.Key(path: Array(path), positions: []).dotted
    }

    private mutating func defineTable(_ key: TOMLDocument.Key) throws(TOMLSyntaxError) {
        let names = names(key.path)
        for length in 1...key.path.count {
            let prefix = key.path.prefix(length)
            let isLast = length == key.path.count
            if let found = defined[names[length - 1]] {
                let position = found.position
                switch (found.kind, isLast) {
                case (.value, _):
                    throw TOMLSyntaxError(
                        position: key.positions[length - 1],
                        message: "\(described(prefix)) is already a value (line \(position.line)), not a table")
                case (.headerTable, true):
                    throw TOMLSyntaxError(
                        position: key.positions[0],
                        message: "the table [\(described(prefix))] is already defined at line \(position.line)")
                case (.dottedTable, true):
                    throw TOMLSyntaxError(
                        position: key.positions[0],
                        message:
                            "the table \(described(prefix)) was made by a dotted key at line \(position.line) and "
                            + "cannot be reopened by a header")
                case (.implicitTable, true):
                    defined[names[length - 1]] = Defined(.headerTable, key.positions[0])
                default:
                    break
                }
            } else {
                defined[names[length - 1]] = Defined(isLast ? .headerTable : .implicitTable, key.positions[length - 1])
            }
        }
    }

    /// Defines the value `key`, whose segments from `dottedFrom` on were written in its line.
    private mutating func defineValue(_ key: TOMLDocument.Key, dottedFrom: Int) throws(TOMLSyntaxError) {
        let names = names(key.path, from: dottedFrom, base: currentTableName)
        for length in (dottedFrom + 1)...key.path.count {
            let prefix = key.path.prefix(length)
            let position = key.positions[length - 1]
            let isLast = length == key.path.count
            let name = names[length - 1 - dottedFrom]
            guard let found = defined[name] else {
                defined[name] = Defined(isLast ? .value : .dottedTable, position)
                continue
            }
            if isLast {
                throw TOMLSyntaxError(
                    position: position,
                    message: "\(described(prefix)) is already set at line \(found.position.line); give each key once")
            }
            switch found.kind {
            case .value:
                throw TOMLSyntaxError(
                    position: position,
                    message: "\(described(prefix)) is already a value (line \(found.position.line)), not a table")
            case .headerTable, .implicitTable:
                throw TOMLSyntaxError(
                    position: position,
                    message:
                        "the table \(described(prefix)) is defined at line \(found.position.line); add keys to "
                        + "it under its header")
            case .dottedTable:
                break
            }
        }
    }
}
