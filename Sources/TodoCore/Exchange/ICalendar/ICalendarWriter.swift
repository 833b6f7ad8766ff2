import Foundation

/// Writes iCalendar (RFC 5545) content lines: CRLF-terminated and folded at 75 octets.
///
/// A line longer than 75 octets continues on lines that start with one space (RFC 5545 §3.1).
/// Folds fall only between UTF-8 sequences, never inside one, so every physical line is valid
/// UTF-8 on its own, which some readers require. Lines are folded as they are written, so no
/// line is built twice.
struct ICalendarWriter {
    /// The longest physical line, in octets, without its CRLF.
    static let maximumLineLength = 75

    private var buffer: ExportBuffer
    /// Octets on the current physical line.
    private var column = 0

    init(capacity: Int) {
        buffer = ExportBuffer(capacity: capacity)
    }

    /// The bytes written so far.
    var bytes: [UInt8] { buffer.bytes }

    /// Writes `NAME:value` with `value` as it stands (enumerated values, colour names).
    mutating func property(_ name: StaticString, _ value: String) {
        var value = value
        begin(name)
        value.withUTF8 { appendFolded($0) }
        end()
    }

    /// Writes `NAME:value` with a lowercase UUID.
    mutating func property(_ name: StaticString, _ id: UUID) {
        var text = ExportBuffer(capacity: 36)
        text.append(id)
        begin(name)
        text.bytes.withUnsafeBufferPointer { appendFolded($0) }
        end()
    }

    /// Writes `NAME:value` with a UTC DATE-TIME, `20250112T093000Z`.
    mutating func property(_ name: StaticString, _ date: Date) {
        var text = ExportBuffer(capacity: UTCDateTime.basicLength)
        text.appendBasicTimestamp(date)
        begin(name)
        text.bytes.withUnsafeBufferPointer { appendFolded($0) }
        end()
    }

    /// Writes `NAME:value` with `value` escaped as TEXT (RFC 5545 §3.3.11): first put in
    /// `TextForm.iCalendar` (line breaks as LF, other controls but tab as spaces), then backslash,
    /// semicolon and comma are backslash-escaped and each line break is written `\n`.
    /// - Complexity: O(length of the value).
    mutating func text(_ name: StaticString, _ value: String) {
        begin(name)
        appendEscapedText(value)
        end()
    }

    /// Appends `value` escaped as TEXT (see `text(_:_:)`).
    private mutating func appendEscapedText(_ value: String) {
        var value = TextForm.iCalendar.apply(value)
        value.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated()
            where byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n")
            {
                appendFolded(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                let escape: StaticString =
                    byte == UInt8(ascii: "\n")
                    ? "\\n" : byte == UInt8(ascii: "\\") ? "\\\\" : byte == UInt8(ascii: ";") ? "\\;" : "\\,"
                escape.withUTF8Buffer { appendFolded($0) }
                runStart = index + 1
            }
            appendFolded(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// Writes a whole content line kept from another program's file, exactly, folded.
    mutating func line(_ text: String) {
        var text = text
        text.withUTF8 { appendFolded($0) }
        end()
    }

    /// Writes `NAME:a,b,c` with each value escaped as TEXT (CATEGORIES).
    mutating func textList(_ name: StaticString, _ values: some Sequence<String>) {
        begin(name)
        for (index, value) in values.enumerated() {
            if index > 0 { appendFolded(",") }
            appendEscapedText(value)
        }
        end()
    }

    private mutating func appendFolded(_ literal: StaticString) {
        literal.withUTF8Buffer { appendFolded($0) }
    }

    private mutating func begin(_ name: StaticString) {
        name.withUTF8Buffer { appendFolded($0) }
        buffer.append(UInt8(ascii: ":"))
        column += 1
    }

    private mutating func end() {
        buffer.append("\r\n")
        column = 0
    }

    /// Appends bytes of the current content line, folding before any UTF-8 sequence that would
    /// end past the line's 75th octet.
    private mutating func appendFolded(_ bytes: UnsafeBufferPointer<UInt8>) {
        if column + bytes.count <= Self.maximumLineLength {
            buffer.append(bytes)
            column += bytes.count
            return
        }
        var index = 0
        while index < bytes.count {
            let length = Self.sequenceLength(startingWith: bytes[index])
            if column + length > Self.maximumLineLength {
                buffer.append("\r\n ")
                column = 1
            }
            buffer.append(UnsafeBufferPointer(rebasing: bytes[index..<min(index + length, bytes.count)]))
            column += length
            index += length
        }
    }

    /// The length of the UTF-8 sequence a lead byte starts (1 for ASCII).
    private static func sequenceLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
