import Foundation

/// RFC 4180 comma-separated values, one item per record.
///
/// The header is
/// `id,text,date,color,done,createdAt,modifiedAt,priority,tags,notes,allDay,start,startAllDay,completedAt`
/// then `repeat,repeatFrom`
/// (`priority` to `allDay` since the item model's version 2, `start` to `completedAt` since
/// version 3, `repeat` and `repeatFrom` since version 4, each after the older ones so that a
/// reader of the older columns still finds them where they were). `repeat` is the rule as RRULE
/// text (`FREQ=WEEKLY;BYDAY=MO`), `repeatFrom` `completion` when the next date counts from the
/// day an occurrence was done (else empty); a repeating item's EXDATE and RDATE dates have no
/// column. An item without a date has empty `date` and `allDay` cells; one without a start, empty
/// `start` and `startAllDay`; `completedAt` is empty unless the item was completed at a known
/// time. Records end in CRLF; a field
/// containing a comma, double quote, CR or LF is quoted, with quotes doubled. Text is UTF-8
/// without a byte order mark. Ids are lowercase UUIDs, dates ISO-8601 in UTC with milliseconds
/// (`2025-01-12T09:30:00.000Z`, exact for an item), colours by name, done `true`/`false`;
/// priority `none`/`low`/`medium`/`high`, tags separated by spaces, notes as they are (line
/// breaks inside a quoted field), allDay `true` for a whole-day item.
/// `version` is left out: it counts saves of one store and means nothing in another.
///
/// Formula injection (OWASP's CSV injection advice): a spreadsheet runs a cell that starts with
/// `=`, `+`, `-`, `@`, tab or CR as a formula, so such a text is exported with a `'` in front,
/// which spreadsheets show as "this is text" (texts and notes alike). The escape is reversible: a text made of any
/// number of `'` followed by one of those characters gets one more `'` on export, and on import
/// a cell of that shape loses exactly one; every other text is written and read verbatim.
enum CSVFormat {
    static let columns = [
        "id", "text", "date", "color", "done", "createdAt", "modifiedAt", "priority", "tags", "notes", "allDay",
        "start", "startAllDay", "completedAt", "repeat", "repeatFrom",
    ]

    /// The items as CSV text, in the given order.
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem]) -> [UInt8] {
        var buffer = ExportBuffer(capacity: 64 + items.count * 150)
        buffer.append(columns.joined(separator: ","))
        buffer.append("\r\n")
        for item in items {
            buffer.append(item.id)
            buffer.append(UInt8(ascii: ","))
            appendField(formulaEscaped(item.text), to: &buffer)
            buffer.append(UInt8(ascii: ","))
            if let date = item.date { buffer.appendTimestamp(date) }
            buffer.append(UInt8(ascii: ","))
            buffer.append(item.color.rawValue)
            buffer.append(item.isDone ? ",true," : ",false,")
            buffer.appendTimestamp(item.createdAt)
            buffer.append(UInt8(ascii: ","))
            buffer.appendTimestamp(item.modifiedAt)
            buffer.append(UInt8(ascii: ","))
            buffer.append(item.priority.name)
            buffer.append(UInt8(ascii: ","))
            appendField(formulaEscaped(item.tags.joined(separator: " ")), to: &buffer)
            buffer.append(UInt8(ascii: ","))
            appendField(formulaEscaped(item.notes), to: &buffer)
            buffer.append(item.date == nil ? "," : item.hasTime ? ",false" : ",true")
            buffer.append(UInt8(ascii: ","))
            if let start = item.start { buffer.appendTimestamp(start) }
            buffer.append(item.start == nil ? "," : item.startHasTime ? ",false" : ",true")
            buffer.append(UInt8(ascii: ","))
            if let completedAt = item.completedAt { buffer.appendTimestamp(completedAt) }
            buffer.append(UInt8(ascii: ","))
            if let repetition = item.repetition?.repetition {
                appendField(repetition.rule.rruleText, to: &buffer)
                if repetition.anchor == .completion { buffer.append(",completion") } else { buffer.append(",") }
            } else {
                buffer.append(",")
            }
            buffer.append("\r\n")
        }
        return buffer.bytes
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<UInt8> = [
        UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D,
    ]

    /// Whether `text` is any number of `'` followed by a formula start: the texts the escape
    /// changes.
    static func needsFormulaEscape(_ text: String) -> Bool {
        guard let first = text.utf8.first(where: { $0 != UInt8(ascii: "'") }) else { return false }
        return formulaStarts.contains(first)
    }

    /// `text` as exported: with a `'` in front when it needs the formula escape.
    static func formulaEscaped(_ text: String) -> String {
        needsFormulaEscape(text) ? "'" + text : text
    }

    /// A text cell as imported: its escape `'` removed when it has the shape the export gives.
    static func formulaUnescaped(_ cell: String) -> String {
        cell.utf8.first == UInt8(ascii: "'") && needsFormulaEscape(cell) ? String(cell.dropFirst()) : cell
    }

    /// Appends `value`, quoted when RFC 4180 requires it.
    private static func appendField(_ value: String, to buffer: inout ExportBuffer) {
        var value = value
        value.withUTF8 { bytes in
            let needsQuotes = bytes.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r")
                    || byte == UInt8(ascii: "\n")
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
