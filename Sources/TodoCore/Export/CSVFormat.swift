import Foundation

/// RFC 4180 comma-separated values, one item per record.
///
/// The header is `id,text,date,color,done,createdAt,modifiedAt`. Records end in CRLF; a field
/// containing a comma, double quote, CR or LF is quoted, with quotes doubled. Text is UTF-8
/// without a byte order mark. Ids are lowercase UUIDs, dates ISO-8601 in UTC with milliseconds
/// (`2025-01-12T09:30:00.000Z`, exact for an item), colours by name, done `true`/`false`.
/// `version` is left out: it counts saves of one store and means nothing in another.
enum CSVFormat {
    static let columns = ["id", "text", "date", "color", "done", "createdAt", "modifiedAt"]

    /// The items as CSV text, in the given order.
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem]) -> [UInt8] {
        var buffer = ExportBuffer(capacity: 64 + items.count * 150)
        buffer.append(columns.joined(separator: ","))
        buffer.append("\r\n")
        for item in items {
            buffer.append(item.id)
            buffer.append(UInt8(ascii: ","))
            appendField(item.text, to: &buffer)
            buffer.append(UInt8(ascii: ","))
            buffer.appendTimestamp(item.date)
            buffer.append(UInt8(ascii: ","))
            buffer.append(item.color.rawValue)
            buffer.append(item.isDone ? ",true," : ",false,")
            buffer.appendTimestamp(item.createdAt)
            buffer.append(UInt8(ascii: ","))
            buffer.appendTimestamp(item.modifiedAt)
            buffer.append("\r\n")
        }
        return buffer.bytes
    }

    /// Appends `value`, quoted when RFC 4180 requires it.
    private static func appendField(_ value: String, to buffer: inout ExportBuffer) {
        var value = value
        value.withUTF8 { bytes in
            let needsQuotes = bytes.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
            }
            guard needsQuotes else {
                buffer.append(bytes)
                return
            }
            buffer.append(UInt8(ascii: "\""))
            for byte in bytes {
                if byte == UInt8(ascii: "\"") { buffer.append(byte) }
                buffer.append(byte)
            }
            buffer.append(UInt8(ascii: "\""))
        }
    }
}
