/// A strict RFC 8259 tokenizer over UTF-8 bytes that reports every error with line and column.
///
/// Strict means: no comments, no trailing commas, no single quotes, no leading zeros or `+`
/// signs, control characters only as escapes, surrogate pairs only as complete `\u` pairs, and
/// UTF-8 checked byte by byte (no overlong forms, no surrogates, nothing above U+10FFFF).
/// Line and column are computed only when an error is reported, so the happy path pays nothing
/// for them.
struct JSONScanner {
    /// The kind of value that starts at a position, from its first byte.
    enum ValueKind: CustomStringConvertible {
        case object, array, string, number, boolean, null

        var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .boolean: "a boolean"
            case .null: "null"
            }
        }
    }

    /// A scanned number: only whole numbers that fit in `Int` are usable by the store format.
    enum Number {
        case integer(Int)
        case fractional
        case outOfRange
    }

    /// A scanned string: a byte range of the input when it held no escapes, else decoded bytes.
    enum Text {
        case raw(Range<Int>)
        case decoded([UInt8])
    }

    /// How deeply arrays and objects may nest before `skipValue` refuses, bounding recursion.
    static let maximumDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var position: Int

    init(bytes: UnsafeBufferPointer<UInt8>, path: String, position: Int = 0) {
        self.bytes = bytes
        self.path = path
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The byte at the current position, or nil at the end.
    @inline(__always)
    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips a UTF-8 byte order mark, which RFC 8259 lets a parser ignore.
    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, position == 0 {
            position = 3
        }
    }

    /// Skips the four JSON white-space bytes.
    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Consumes `byte` if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    /// Consumes `byte` or throws a syntax error saying `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(StoreError) {
        guard consume(byte) else { throw syntaxError(expected: expected) }
    }

    /// The kind of value starting at the current position, or nil if no value can start here.
    @inline(__always)
    var valueKind: ValueKind? {
        guard let byte = current else { return nil }
        return switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
        case UInt8(ascii: "n"): .null
        default: nil
        }
    }

    // MARK: Scalars

    /// Scans a string whose opening quote is at the current position.
    /// - Throws: `StoreError.invalidJSON` for an unterminated string, a raw control character, a
    ///   bad escape or a lone surrogate; `.invalidUTF8` for a malformed byte sequence.
    /// - Complexity: O(n) in the length of the string.
    mutating func scanString() throws(StoreError) -> Text {
        try expect(UInt8(ascii: "\""), "'\"'")
        let start = position
        try skipCharacters()
        guard let byte = current else { throw syntaxError(expected: "'\"' to end the string") }
        if byte == UInt8(ascii: "\\") { return .decoded(try scanEscapedString(from: start)) }
        position += 1
        return .raw(start..<position - 1)
    }

    /// Scans a string whose opening quote is at the current position, checking it as
    /// `scanString()` does, without decoding it: for a caller that keeps where it lies.
    /// - Throws: as `scanString()`.
    /// - Complexity: O(n) in the length of the string; allocates only for a `\u` escape.
    mutating func skipString() throws(StoreError) {
        try expect(UInt8(ascii: "\""), "'\"'")
        // One `\u` escape's bytes at a time: `scanEscape` checks it, and nothing is kept.
        var escape: [UInt8] = []
        while true {
            try skipCharacters()
            guard let byte = current else { throw syntaxError(expected: "'\"' to end the string") }
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if position + 1 < bytes.count, Self.simpleEscape(bytes[position + 1]) != nil {
                position += 2
            } else {
                escape.removeAll(keepingCapacity: true)
                try scanEscape(into: &escape)
            }
        }
    }

    /// Moves over a string's characters up to its next quote or backslash (or the end of the
    /// bytes), checking each: eight at a time where none needs a closer look.
    /// - Throws: `StoreError` for a raw control character or a malformed byte sequence.
    @inline(__always)
    private mutating func skipCharacters() throws(StoreError) {
        while position < bytes.count {
            if position + 8 <= bytes.count, Self.isPlainText(word(at: position)) {
                position += 8
                continue
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return }
            position += try characterLength(byte)
        }
    }

    /// The eight bytes at `offset` (which must have eight bytes after it) as one word.
    @inline(__always)
    private func word(at offset: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self)
    }

    /// Whether none of the eight bytes of `word` ends a string or needs a closer look: no quote,
    /// backslash, control character or non-ASCII byte (the bit tricks of "Bit Twiddling Hacks").
    @inline(__always)
    private static func isPlainText(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
        return word & highBits == 0
            && (word &- ones &* 0x20) & ~word & highBits == 0
            && !hasZeroByte(word ^ (ones &* 0x22))
            && !hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Continues a string at its first backslash, decoding escapes from there on.
    private mutating func scanEscapedString(from start: Int) throws(StoreError) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(position - start + 64)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return decoded
            }
            if byte == UInt8(ascii: "\\") {
                try scanEscape(into: &decoded)
                continue
            }
            // A run of characters up to the next quote or escape, copied at once.
            let run = position
            try skipCharacters()
            decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
        }
        throw syntaxError(expected: "'\"' to end the string")
    }

    /// The UTF-8 length of the string character starting with `byte` at the current position.
    /// - Throws: `StoreError.invalidJSON` for a raw control character, `.invalidUTF8`.
    @inline(__always)
    private func characterLength(_ byte: UInt8) throws(StoreError) -> Int {
        if byte >= 0x20 && byte < 0x80 { return 1 }
        guard byte >= 0x20 else {
            throw syntaxError(expected: "'\"' or a character (control characters must be escaped)")
        }
        return try validatedSequenceLength()
    }

    /// Decodes one escape sequence starting at the backslash, appending its UTF-8 bytes.
    private mutating func scanEscape(into decoded: inout [UInt8]) throws(StoreError) {
        position += 1
        if let byte = current, let simple = Self.simpleEscape(byte) {
            position += 1
            decoded.append(simple)
            return
        }
        guard current == UInt8(ascii: "u") else {
            throw syntaxError(expected: "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits)")
        }
        let scalar = try scanUnicodeEscape()
        UTF8.encode(scalar) { decoded.append($0) }
    }

    /// The byte the one-letter escape `\<letter>` stands for; nil for `u` and anything else.
    @inline(__always)
    private static func simpleEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// Decodes `uXXXX` (the backslash already consumed), joining a surrogate pair.
    private mutating func scanUnicodeEscape() throws(StoreError) -> Unicode.Scalar {
        let escapeStart = position - 1
        position += 1
        let first = try scanHexQuad()
        switch first {
        case 0xD800...0xDBFF:
            let highEnd = position
            guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else {
                position = highEnd
                throw syntaxError(expected: "a low surrogate escape (\\uDC00 to \\uDFFF) after \\u\(Self.hex(first))")
            }
            let second = try scanHexQuad()
            guard (0xDC00...0xDFFF).contains(second) else {
                position -= 6
                throw syntaxError(expected: "a low surrogate escape (\\uDC00 to \\uDFFF) after \\u\(Self.hex(first))")
            }
            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        case 0xDC00...0xDFFF:
            position = escapeStart
            throw syntaxError(expected: "a high surrogate escape before the low surrogate \\u\(Self.hex(first))")
        default:
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        }
    }

    /// Reads four hex digits.
    private mutating func scanHexQuad() throws(StoreError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, case let digit = UUIDFormat.hexValue(byte), digit < 16 else {
                throw syntaxError(expected: "four hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Scans a number per RFC 8259's grammar.
    /// - Throws: `StoreError.invalidJSON` for a malformed number (leading zeros, a bare `-`,
    ///   a `.` or exponent without digits).
    mutating func scanNumber() throws(StoreError) -> Number {
        let negative = consume(UInt8(ascii: "-"))
        var magnitude = 0
        var overflow = false
        if consume(UInt8(ascii: "0")) {
            if let byte = current, Self.isDigit(byte) {
                throw syntaxError(expected: "no digit after a leading 0")
            }
        } else {
            guard let byte = current, Self.isDigit(byte) else { throw syntaxError(expected: "a digit") }
            while let byte = current, Self.isDigit(byte) {
                let (times, o1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(Int(byte - 0x30))
                magnitude = sum
                overflow = overflow || o1 || o2
                position += 1
            }
        }
        var whole = true
        if consume(UInt8(ascii: ".")) {
            whole = false
            try scanDigits()
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            whole = false
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            try scanDigits()
        }
        guard whole else { return .fractional }
        guard !overflow else { return .outOfRange }
        return .integer(negative ? -magnitude : magnitude)
    }

    private mutating func scanDigits() throws(StoreError) {
        guard let byte = current, Self.isDigit(byte) else { throw syntaxError(expected: "a digit") }
        while let byte = current, Self.isDigit(byte) { position += 1 }
    }

    /// Scans `true`, `false` or `null`, returning the boolean (nil for null).
    mutating func scanLiteral() throws(StoreError) -> Bool? {
        switch current {
        case UInt8(ascii: "t"):
            try scanWord("true")
            return true
        case UInt8(ascii: "f"):
            try scanWord("false")
            return false
        case UInt8(ascii: "n"):
            try scanWord("null")
            return nil
        default: throw syntaxError(expected: "a value")
        }
    }

    private mutating func scanWord(_ word: String) throws(StoreError) {
        for byte in word.utf8 where !consume(byte) {
            throw syntaxError(expected: "'\(word)'")
        }
    }

    /// Skips one complete value of any kind, checking its syntax.
    /// - Throws: `StoreError.invalidJSON`/`.invalidUTF8`, also when nesting exceeds
    ///   `maximumDepth`.
    /// - Complexity: O(n) in the length of the value.
    mutating func skipValue(depth: Int = 0) throws(StoreError) {
        guard depth < Self.maximumDepth else {
            throw syntaxError(expected: "arrays and objects nested at most \(Self.maximumDepth) deep")
        }
        switch valueKind {
        case .string: try skipString()
        case .number: _ = try scanNumber()
        case .boolean, .null: _ = try scanLiteral()
        case .array:
            try skipContainer(close: UInt8(ascii: "]"), hasKeys: false, depth: depth)
        case .object:
            try skipContainer(close: UInt8(ascii: "}"), hasKeys: true, depth: depth)
        case nil:
            throw syntaxError(expected: "a value")
        }
    }

    private mutating func skipContainer(close: UInt8, hasKeys: Bool, depth: Int) throws(StoreError) {
        position += 1
        skipWhitespace()
        if consume(close) { return }
        let closing = hasKeys ? "',' or '}'" : "',' or ']'"
        repeat {
            skipWhitespace()
            if hasKeys {
                guard current == UInt8(ascii: "\"") else { throw syntaxError(expected: "a key in double quotes") }
                _ = try scanString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"), "':'")
                skipWhitespace()
            }
            try skipValue(depth: depth + 1)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        try expect(close, closing)
    }

    // MARK: Text of a scanned string

    /// Calls `body` with the UTF-8 bytes of a scanned string.
    func withBytes<R>(of text: Text, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch text {
        case .raw(let range): body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .decoded(let decoded): decoded.withUnsafeBufferPointer(body)
        }
    }

    /// The scanned string as a `String`; its bytes were validated while scanning.
    func string(_ text: Text) -> String {
        withBytes(of: text) { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: UTF-8

    /// The length of the valid UTF-8 sequence at the current position (Unicode Table 3-7).
    /// - Throws: `StoreError.invalidUTF8` at the sequence's first byte.
    private func validatedSequenceLength() throws(StoreError) -> Int {
        guard let length = Self.sequenceLength(in: bytes, at: position) else {
            let (line, column) = location(of: position)
            throw .invalidUTF8(path: path, line: line, column: column)
        }
        return length
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or nil.
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            return nil
        }
        return length
    }

    // MARK: Bytes

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Four upper-case hex digits.
    static func hex(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}
