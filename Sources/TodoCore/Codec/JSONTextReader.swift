import Foundation

/// Reads JSON text written by `JSONTextWriter` (or any strict JSON) for the other modules of this
/// package: the store's scanner, value by value, with its errors naming line and column.
package struct JSONTextReader {
    private var scanner: JSONScanner

    /// A reader at `position` of `bytes`, which stay valid while it is used; `path` names the
    /// file in errors.
    package init(bytes: UnsafeBufferPointer<UInt8>, path: String, position: Int = 0) {
        scanner = JSONScanner(bytes: bytes, path: path, position: position)
    }

    /// Reads an object, calling `member` with each key while the reader stands at its value;
    /// `member` must read or `skip()` that value.
    /// - Throws: `StoreError` for malformed JSON, or what `member` throws.
    package mutating func object(_ member: (inout JSONTextReader, String) throws(StoreError) -> Void) throws(StoreError)
    {
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "{"), "'{'")
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "}")) { return }
        repeat {
            scanner.skipWhitespace()
            let key = scanner.string(try scanner.scanString())
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), "':'")
            scanner.skipWhitespace()
            try member(&self, key)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
    }

    /// Reads an array, calling `element` while the reader stands at each element.
    /// - Throws: `StoreError` for malformed JSON, or what `element` throws.
    package mutating func array(_ element: (inout JSONTextReader) throws(StoreError) -> Void) throws(StoreError) {
        scanner.skipWhitespace()
        try scanner.expect(UInt8(ascii: "["), "'['")
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) { return }
        repeat {
            scanner.skipWhitespace()
            try element(&self)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
    }

    package mutating func string() throws(StoreError) -> String {
        scanner.string(try scanner.scanString())
    }

    /// Checks the string the reader stands at, as `string()` reads it, without decoding it:
    /// where its literal lies in the bytes, quotes included, for a caller that decodes it later
    /// (`string(at:in:path:)`) or copies it as it is.
    /// - Throws: `StoreError` for anything but a well-formed string.
    package mutating func stringRange() throws(StoreError) -> Range<Int> {
        scanner.skipWhitespace()
        let start = scanner.position
        try scanner.skipString()
        return start..<scanner.position
    }

    /// The string whose literal lies at `range` of `bytes`, as `stringRange()` found it.
    /// - Throws: `StoreError` when `range` holds no well-formed string.
    package static func string(
        at range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, path: String
    )
        throws(StoreError) -> String
    {
        var reader = JSONTextReader(
            bytes: UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), path: path, position: range.lowerBound)
        return try reader.string()
    }

    /// A string that holds an id in either case.
    package mutating func id() throws(StoreError) -> UUID {
        let start = scanner.position
        let text = try scanner.scanString()
        guard let id = scanner.withBytes(of: text, UUIDFormat.parse) else {
            throw scanner.syntaxError(at: start, expected: "an id")
        }
        return id
    }

    package mutating func integer() throws(StoreError) -> Int {
        let start = scanner.position
        guard case .integer(let value) = try scanner.scanNumber() else {
            throw scanner.syntaxError(at: start, expected: "a whole number")
        }
        return value
    }

    /// Consumes `true` or `false`.
    package mutating func boolean() throws(StoreError) -> Bool {
        let start = scanner.position
        guard scanner.current != UInt8(ascii: "n"), let value = try scanner.scanLiteral() else {
            throw scanner.syntaxError(at: start, expected: "true or false")
        }
        return value
    }

    /// Consumes `null` when it is next.
    package mutating func null() -> Bool {
        guard scanner.current == UInt8(ascii: "n") else { return false }
        return (try? scanner.scanLiteral()) == .some(nil)
    }

    /// Skips one value of any kind.
    package mutating func skip() throws(StoreError) {
        try scanner.skipValue()
    }

    /// Where the reader stands: the offset of the next byte it reads.
    package var position: Int { scanner.position }

    /// Skips one value of any kind; where its text lies in the bytes, for a caller that decodes
    /// it another way.
    package mutating func skippedRange() throws(StoreError) -> Range<Int> {
        scanner.skipWhitespace()
        let start = scanner.position
        try scanner.skipValue()
        return start..<scanner.position
    }
}
