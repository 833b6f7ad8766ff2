import Foundation

/// iCalendar (RFC 5545): a VCALENDAR of VTODOs (`ics`), or one VCALENDAR file per item (`vdir`).
///
/// Each item is a VTODO with `UID` (the item's id, lowercase), `DTSTAMP` (the export's `now`),
/// `CREATED`, `LAST-MODIFIED`, `SUMMARY`, `DUE`, `STATUS` (`NEEDS-ACTION` or `COMPLETED`, with
/// `COMPLETED` set to the last modification, the best record of when it was done), `PRIORITY`
/// (1 high, 5 medium, 9 low), `CATEGORIES` (the tags), `DESCRIPTION` (the notes) and `COLOR`
/// (RFC 7986; the colour names are CSS3 colour names; `default` writes none), then every line
/// another program wrote that todo-tui keeps (`ForeignProperties.iCalendar`); a kept `SEQUENCE`
/// is written one higher when the item changed since it was read (`KeptLines.othersToWrite`). Times are UTC
/// DATE-TIMEs to the second; a whole-day item's `DUE` is a DATE. A text with line breaks (and no
/// notes) is written whole as `DESCRIPTION`, and
/// `SUMMARY` gets it on one line (each line break a space): calcurse refuses a to-do whose
/// summary holds a line break ("line break in summary"), and readers show a summary as one line.
/// `DUE` is a DATE-TIME rather than a DATE because an item's date is
/// an instant (it sorts items within a day): todoman shows it as a local date and time, and
/// calcurse, whose to-dos have no dates, ignores it either way.
package enum ICalendarFormat {
    static let productID = "-//todo-tui//todo-tui//EN"

    /// One VCALENDAR holding every item, in the given order, with the VTIMEZONEs the items
    /// kept (once per `TZID`).
    /// - Parameters:
    ///   - now: written as every VTODO's `DTSTAMP`.
    ///   - calendar: the days of whole-day items (`DUE;VALUE=DATE`).
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem], now: Date, calendar: Calendar) -> [UInt8] {
        var writer = ICalendarWriter(capacity: 128 + items.count * 360)
        beginCalendar(&writer)
        var written: Set<String> = []
        for item in items {
            for zone in KeptLines(item.foreign.iCalendar).timeZones where written.insert(zone.id).inserted {
                zone.lines.forEach { writer.line($0) }
            }
        }
        for item in items {
            writeTodo(item, now: now, calendar: calendar, to: &writer)
        }
        writer.property("END", "VCALENDAR")
        return writer.bytes
    }

    /// A vdir: one file per item named `<UID>.ics`, each a CalDAV object resource
    /// (`objectResource(for:now:calendar:)`).
    /// - Complexity: O(total length of the items).
    static func exportDirectory(_ items: [TodoItem], now: Date, calendar: Calendar) -> [ExportedFile] {
        items.map { item in
            var name = ExportBuffer(capacity: 40)
            name.append(item.id)
            name.append(".ics")
            return ExportedFile(
                name: String(decoding: name.bytes, as: UTF8.self),
                bytes: objectResource(for: item, now: now, calendar: calendar))
        }
    }

    /// One CalDAV object resource (RFC 4791 §4.1): a VCALENDAR holding the item's VTODO and the
    /// VTIMEZONEs it kept. Every line another program wrote that todo-tui does not own is
    /// written back as it was read (folded anew at 75 octets).
    /// - Complexity: O(length of the item).
    package static func objectResource(for item: TodoItem, now: Date, calendar: Calendar) -> [UInt8] {
        var writer = ICalendarWriter(capacity: 512)
        beginCalendar(&writer)
        for zone in KeptLines(item.foreign.iCalendar).timeZones {
            zone.lines.forEach { writer.line($0) }
        }
        writeTodo(item, now: now, calendar: calendar, to: &writer)
        writer.property("END", "VCALENDAR")
        return writer.bytes
    }

    /// The most bytes one CalDAV object resource (one to-do) may hold: 1 MiB. A to-do with long
    /// notes, alarms and time zones takes a few KiB; only inline attachments
    /// (`ATTACH;VALUE=BINARY`) grow past that, and a to-do list has no use for them. The bound
    /// keeps one hostile or broken item from costing the sync its memory; such an item is
    /// refused as unreadable and left alone on the server.
    package static let maximumObjectResourceBytes = 1 << 20

    /// The item a CalDAV object resource holds: its one VTODO, every line todo-tui does not map
    /// kept in `foreign.iCalendar` (`parse`).
    /// - Throws: `ExchangeError` for malformed iCalendar, a resource without exactly one VTODO,
    ///   or one over `maximumObjectResourceBytes`, nested more than 16 components deep, or holding
    ///   more than 1,000 of them.
    /// - Complexity: O(n) in the length of the resource.
    package static func item(
        fromObjectResource bytes: [UInt8], name: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> TodoItem {
        let items = try parse(bytes, source: name, now: now, calendar: calendar, limits: .objectResource)
        guard items.count == 1, let item = items.first else {
            throw .invalidInput(
                source: name, reason: "a CalDAV object resource holds one VTODO, and this holds \(items.count)")
        }
        return item
    }

    private static func beginCalendar(_ writer: inout ICalendarWriter) {
        writer.property("BEGIN", "VCALENDAR")
        writer.property("VERSION", "2.0")
        writer.property("PRODID", productID)
    }

    private static func writeTodo(_ item: TodoItem, now: Date, calendar: Calendar, to writer: inout ICalendarWriter) {
        let kept = KeptLines(item.foreign.iCalendar)
        writer.property("BEGIN", "VTODO")
        if let uid = kept.line("UID") {
            writer.line(uid)
        } else {
            writer.property("UID", item.id)
        }
        writer.property("DTSTAMP", now)
        writer.property("CREATED", item.createdAt)
        writer.property("LAST-MODIFIED", item.modifiedAt)
        let text = TextForm.iCalendar.apply(item.text)
        let summary = singleLine(text)
        writer.text("SUMMARY", summary)
        if !item.notes.isEmpty {
            writer.text("DESCRIPTION", item.notes)
        } else if summary != text {
            writer.text("DESCRIPTION", text)
        }
        if let due = kept.line("DUE"), kept.dueMeans(item, calendar: calendar) {
            writer.line(due)
        } else if item.hasTime {
            writer.property("DUE", item.date)
        } else {
            writer.property("DUE;VALUE=DATE", dayName(of: item.date, calendar: calendar))
        }
        writer.property("STATUS", item.isDone ? "COMPLETED" : "NEEDS-ACTION")
        if item.isDone {
            writer.property("COMPLETED", item.modifiedAt)
        }
        if let priority = kept.line("PRIORITY"), kept.priorityMeans(item.priority) {
            writer.line(priority)
        } else if let value = iCalendarPriority[item.priority] {
            writer.property("PRIORITY", value)
        }
        if !item.tags.isEmpty {
            writer.textList("CATEGORIES", item.tags)
        }
        if item.color != .default {
            writer.property("COLOR", item.color.rawValue)
        }
        kept.othersToWrite(for: item, calendar: calendar).forEach { writer.line($0) }
        writer.property("END", "VTODO")
    }

    /// The PRIORITY todo-tui writes for each of its priorities (RFC 5545: 1 highest, 9 lowest).
    static let iCalendarPriority: [TodoPriority: String] = [.high: "1", .medium: "5", .low: "9"]

    /// `20261120`: the day `date` starts in `calendar`.
    static func dayName(of date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
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
