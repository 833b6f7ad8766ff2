import Foundation

/// Text without the white space and line breaks around it, as Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` trims it, found on the UTF-8 bytes when the
/// text's ends are ASCII: reading thousands of short values (a sync's hrefs and ETags, an
/// import's texts), Foundation's way through `NSString` costs more than the rest of the reading.
package enum TrimmedText {
    /// `text` trimmed of `CharacterSet.whitespacesAndNewlines` at both ends.
    ///
    /// Of ASCII, that set holds tab, line feed, vertical tab, form feed, carriage return and space,
    /// and no byte of a longer UTF-8 sequence is ASCII: when the first and last bytes that are
    /// none of those six are ASCII, they bound the answer. Otherwise Foundation trims.
    /// - Complexity: O(n) in the length of `text`.
    package static func of(_ text: String) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        guard let last = bytes.lastIndex(where: { !isSpace($0) }), bytes[first] < 0x80, bytes[last] < 0x80 else {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// True when `text` is empty once trimmed (`of(_:)`).
    /// - Complexity: O(n) in the length of `text`.
    package static func isBlank(_ text: String) -> Bool {
        of(text).isEmpty
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
