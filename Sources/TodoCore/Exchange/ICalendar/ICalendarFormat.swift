import Foundation

/// iCalendar (RFC 5545): a VCALENDAR of VTODOs (`ics`), or one VCALENDAR file per item (`vdir`).
///
/// Each item is a VTODO with `UID` (the item's id, lowercase), `DTSTAMP` (the export's `now`),
/// `CREATED`, `LAST-MODIFIED`, `SUMMARY`, `DUE`, `STATUS` (`NEEDS-ACTION` or `COMPLETED`, with
/// `COMPLETED` set to the last modification, the best record of when it was done) and `COLOR`
/// (RFC 7986; the colour names are CSS3 colour names; `default` writes none). Times are UTC
/// DATE-TIMEs to the second. A text with line breaks is written whole as `DESCRIPTION`, and
/// `SUMMARY` gets it on one line (each line break a space): calcurse refuses a to-do whose
/// summary holds a line break ("line break in summary"), and readers show a summary as one line.
/// `DUE` is a DATE-TIME rather than a DATE because an item's date is
/// an instant (it sorts items within a day): todoman shows it as a local date and time, and
/// calcurse, whose to-dos have no dates, ignores it either way.
enum ICalendarFormat {
    static let productID = "-//todo-tui//todo-tui//EN"

    /// One VCALENDAR holding every item, in the given order.
    /// - Parameter now: written as every VTODO's `DTSTAMP`.
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem], now: Date) -> [UInt8] {
        var writer = ICalendarWriter(capacity: 128 + items.count * 360)
        beginCalendar(&writer)
        for item in items {
            writeTodo(item, now: now, to: &writer)
        }
        writer.property("END", "VCALENDAR")
        return writer.bytes
    }

    /// A vdir: one file per item named `<UID>.ics`, each a VCALENDAR with one VTODO.
    /// - Complexity: O(total length of the items).
    static func exportDirectory(_ items: [TodoItem], now: Date) -> [ExportedFile] {
        items.map { item in
            var writer = ICalendarWriter(capacity: 512)
            beginCalendar(&writer)
            writeTodo(item, now: now, to: &writer)
            writer.property("END", "VCALENDAR")
            var name = ExportBuffer(capacity: 40)
            name.append(item.id)
            name.append(".ics")
            return ExportedFile(name: String(decoding: name.bytes, as: UTF8.self), bytes: writer.bytes)
        }
    }

    private static func beginCalendar(_ writer: inout ICalendarWriter) {
        writer.property("BEGIN", "VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", productID)
    }

    private static func writeTodo(_ item: TodoItem, now: Date, to writer: inout ICalendarWriter) {
        writer.property("BEGIN", "VTODO")
        writer.property("UID", item.id)
        writer.property("DTSTAMP", now)
        writer.property("CREATED", item.createdAt)
        writer.property("LAST-MODIFIED", item.modifiedAt)
        let text = TextForm.iCalendar.apply(item.text)
        let summary = singleLine(text)
        writer.text("SUMMARY", summary)
        if summary != text {
            writer.text("DESCRIPTION", text)
        }
        writer.property("DUE", item.date)
        writer.property("STATUS", item.isDone ? "COMPLETED" : "NEEDS-ACTION")
        if item.isDone {
            writer.property("COMPLETED", item.modifiedAt)
        }
        if item.color != .default {
            writer.property("COLOR", item.color.rawValue)
        }
        writer.property("END", "VTODO")
    }

    /// The text with each line break (CRLF, CR or LF) replaced by a space.
    static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return text }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            // The CR of a CRLF already became the space.
            if scalar == "\n" && previous == "\r" { continue }
            result.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return String(result)
    }
}
