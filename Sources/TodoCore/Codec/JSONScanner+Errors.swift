/// Errors located by line and column, built only when something is wrong.
extension JSONScanner {
    /// A syntax error at the current position.
    func syntaxError(expected: String) -> StoreError {
        syntaxError(at: position, expected: expected)
    }

    /// A syntax error at `offset`, describing what stands there; invalid UTF-8 there wins.
    func syntaxError(at offset: Int, expected: String) -> StoreError {
        let (line, column) = location(of: offset)
        if offset < bytes.count, bytes[offset] >= 0x80, Self.sequenceLength(in: bytes, at: offset) == nil {
            return .invalidUTF8(path: path, line: line, column: column)
        }
        return .invalidJSON(path: path, line: line, column: column, expected: expected, found: describe(at: offset))
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    /// - Complexity: O(offset).
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }

    /// What stands at `offset`, for "found …" in messages; never echoes a raw control character,
    /// and names invisible ones (a second byte order mark, format characters, odd spaces,
    /// combining marks) by code point instead of printing something the reader cannot see.
    func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let length = Self.sequenceLength(in: bytes, at: offset) ?? 1
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        guard let scalar = text.unicodeScalars.first else { return "the end of the file" }
        switch scalar {
        case "\n", "\r": return "the end of the line"
        case " ": return "a space"
        case _ where scalar.isControlCharacter: return "the control character U+\(Self.hex(scalar.value))"
        case "\u{FEFF}": return "a byte order mark (U+FEFF)"
        case _ where Self.isInvisible(scalar): return "the invisible character U+\(Self.hex(scalar.value))"
        default: return "'\(scalar)'"
        }
    }

    /// Whether `scalar` shows nothing by itself, or only joined to its neighbour.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark, .enclosingMark,
            .spacingMark, .privateUse, .unassigned, .surrogate:
            true
        default:
            false
        }
    }
}
