/// The lines of a text import, checked to be UTF-8.
///
/// Lines end at LF; a CR before the LF is dropped, so CRLF and LF files read alike. A UTF-8 byte
/// order mark at the start (as spreadsheet programs write) is skipped. Splitting bytes rather
/// than characters matters: Swift treats `"\r\n"` as one `Character`, and Unicode line
/// separators (U+2028, NEL) inside an item's text must not break a line.
enum ImportLines {
    /// Splits `bytes` into lines; a final line break does not start another (empty) line.
    ///
    /// - Parameter source: the input's name, for error messages.
    /// - Throws: `ExchangeError.invalidLine` for the first line that is not valid UTF-8.
    /// - Complexity: O(n) in the number of bytes.
    static func split(_ bytes: [UInt8], source: String) throws(ExchangeError) -> [String] {
        var lines: [String] = []
        for (index, line) in byteLines(bytes).enumerated() {
            lines.append(try decodeLine(line, number: index + 1, source: source))
        }
        return lines
    }

    /// The lines as bytes, not yet checked, for formats that join lines before decoding them
    /// (iCalendar folding may split a UTF-8 sequence in files other programs write).
    /// - Complexity: O(n) in the number of bytes.
    static func byteLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        forEachLine(of: bytes) { line in
            lines.append(line)
            return true
        }
        return lines
    }

    /// The first line with anything but spaces and control characters in it, for sniffing a
    /// format without splitting a large file.
    /// - Complexity: O(length of the lines up to and including it).
    static func firstNonBlankLine(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var found: ArraySlice<UInt8>?
        forEachLine(of: bytes) { line in
            guard line.contains(where: { $0 > 0x20 }) else { return true }
            found = line
            return false
        }
        return found
    }

    /// Calls `body` with each line, without its line break, until it returns false.
    private static func forEachLine(of bytes: [UInt8], _ body: (ArraySlice<UInt8>) -> Bool) {
        var start = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var end = newline
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            guard body(bytes[start..<end]) else { return }
            start = newline + 1
        }
    }

    /// Decodes one line.
    /// - Throws: `ExchangeError.invalidLine` naming `number` when the bytes are not valid UTF-8.
    static func decodeLine<C: Collection<UInt8>>(_ line: C, number: Int, source: String) throws(ExchangeError) -> String
    {
        guard let text = String(validating: line, as: UTF8.self) else {
            throw .invalidLine(source: source, line: number, reason: "the line is not valid UTF-8")
        }
        return text
    }

    /// The whole input as one string, for formats whose records may span lines (CSV).
    ///
    /// - Throws: `ExchangeError.invalidLine` for the first line that is not valid UTF-8.
    /// - Complexity: O(n) in the number of bytes.
    static func decode(_ bytes: [UInt8], source: String) throws(ExchangeError) -> String {
        let body = bytes.starts(with: byteOrderMark) ? bytes[byteOrderMark.count...] : bytes[...]
        if let text = String(validating: body, as: UTF8.self) { return text }
        _ = try split(bytes, source: source)
        throw .invalidInput(source: source, reason: "the input is not valid UTF-8")
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
