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
        trimmed(text, of: { $0 == 0x20 || (0x09...0x0D).contains($0) }, else: .whitespacesAndNewlines)
    }

    /// `text` trimmed of `CharacterSet.whitespaces` at both ends (a property value's number or
    /// keyword: `STATUS`, `PRIORITY`, `SEQUENCE`). Of ASCII that set holds tab and space alone
    /// (its other members, Unicode's spaces, are not ASCII), so the same bound holds as in `of(_:)`.
    /// - Complexity: O(n) in the length of `text`.
    package static func ofSpaces(_ text: String) -> String {
        trimmed(text, of: { $0 == 0x20 || $0 == 0x09 }, else: .whitespaces)
    }

    /// True when `text` is empty once trimmed (`of(_:)`).
    /// - Complexity: O(n) in the length of `text`.
    package static func isBlank(_ text: String) -> Bool {
        of(text).isEmpty
    }

    /// `text` without the bytes `isTrimmed` accepts at its ends when the first and last other
    /// bytes are ASCII (`isTrimmed` must accept exactly `set`'s ASCII members); else trimmed of
    /// `set` by Foundation.
    private static func trimmed(_ text: String, of isTrimmed: (UInt8) -> Bool, else set: CharacterSet) -> String {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        guard let last = bytes.lastIndex(where: { !isTrimmed($0) }), bytes[first] < 0x80, bytes[last] < 0x80 else {
            return text.trimmingCharacters(in: set)
        }
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }
}
