import Foundation

/// iCalendar (RFC 5545): a VCALENDAR of VTODOs (`ics`), or one VCALENDAR file per item (`vdir`).
///
/// Each item is a VTODO with `UID` (the item's id, lowercase), `DTSTAMP` (the export's `now`),
/// `CREATED`, `LAST-MODIFIED`, `SUMMARY`, `DUE` (none for an item without a date), `DTSTART` (the
/// start, "not before"), `STATUS` (`NEEDS-ACTION` or `COMPLETED`), for a done item `COMPLETED`
/// (when it was completed, when known) and `PERCENT-COMPLETE:100` — the three every reader
/// accepts; a reopened item has neither, and `STATUS:NEEDS-ACTION`, since Thunderbird and jtx
/// Board take either for done —, `PRIORITY` (1 high, 5 medium, 9 low), `CATEGORIES` (the
/// tags), `DESCRIPTION` (the notes) and `COLOR` (RFC 7986; the colour names are CSS3 colour
/// names; `default` writes none), then every line another program wrote that todo-tui keeps
/// (`ForeignProperties.iCalendar`); a kept `SEQUENCE` is written one higher when the item changed
/// since it was read (`KeptLines.othersToWrite`). A VTODO read without `STATUS`, `CREATED` or
/// `LAST-MODIFIED` is written back without it while what it would say is unchanged, so a phone's
/// to-do edited here comes back with only the edited property changed. Times are UTC
/// DATE-TIMEs to the second; a whole-day `DUE` or `DTSTART` is a DATE. RFC 5545 §3.6.2 asks
/// `DTSTART` and `DUE` to be of one value type and `DTSTART` not to be later: beside a timed `DUE`
/// a whole-day start is written as the DATE-TIME its day begins at, beside a whole-day `DUE` a
/// timed start as its DATE, and a start after the `DUE` as the `DUE` (readers drop or rewrite
/// a `DTSTART` that breaks the rule). A text with line breaks (and no notes) is written whole as
/// `DESCRIPTION`, and `SUMMARY` gets it on one line (each line break a space): calcurse refuses
/// a to-do whose summary holds a line break ("line break in summary"), and readers show a summary
/// as one line.
package enum ICalendarFormat {
    static let productID = "-//todo-tui//todo-tui//EN"

    /// One VCALENDAR holding every item, in the given order, with the VTIMEZONEs the items
    /// kept (once per `TZID`).
    /// - Parameters:
    ///   - list: the list the calendar is, named by `X-WR-CALNAME` (`exportLists`); none names none.
    ///   - now: written as every VTODO's `DTSTAMP`.
    ///   - calendar: the days of whole-day items (`DUE;VALUE=DATE`).
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem], list: TodoList? = nil, now: Date, calendar: Calendar) -> [UInt8] {
        var writer = ICalendarWriter(capacity: 128 + items.count * 360)
        beginCalendar(&writer)
        writeListProperties(of: list, to: &writer)
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
        let items = try parse(bytes, source: name, now: now, calendar: calendar, limits: .objectResource).items
        guard items.count == 1, var item = items.first else {
            throw .invalidInput(
                source: name, reason: "a CalDAV object resource holds one VTODO, and this holds \(items.count)")
        }
        // Its collection is its list, whatever calendar name the resource carries.
        item.listID = TodoList.standardID
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
        if !kept.lacks("CREATED") {
            writer.property("CREATED", item.createdAt)
        }
        if !kept.lacks("LAST-MODIFIED") || item.modifiedAt != item.createdAt {
            writer.property("LAST-MODIFIED", item.modifiedAt)
        }
        let text = TextForm.iCalendar.apply(item.text)
        let summary = singleLine(text)
        writer.text("SUMMARY", summary)
        if !item.notes.isEmpty {
            writer.text("DESCRIPTION", item.notes)
        } else if summary != text {
            writer.text("DESCRIPTION", text)
        }
        // A series with overrides keeps its own dates while the item shows its current occurrence.
        let series =
            kept.overrides.isEmpty
            ? nil : OverriddenSeries(item.foreign, calendar: calendar).flatMap { $0.isShown(by: item) ? $0 : nil }
        series?.ownDateLines.forEach { writer.line($0) }
        let keptDue = item.dueDate.flatMap { kept.line("DUE", meaning: $0, calendar: calendar) }
        if let due = item.dueDate, series == nil {
            if let keptDue {
                writer.line(keptDue)
            } else if item.repetition != nil, let zoned = kept.line("DUE", movedTo: due) {
                writer.line(zoned)
            } else {
                writeDate(due, as: .due, calendar: calendar, to: &writer)
            }
        }
        if let start = item.startDate, series == nil {
            // The VTODO's own pair is written as it was (todoman writes a DATE start beside a
            // DATE-TIME due); a start beside a due date changed here follows the due date's type.
            if let line = kept.line("DTSTART", meaning: start, calendar: calendar),
                keptDue != nil || item.dueDate.map({ $0.hasTime == start.hasTime }) ?? true
            {
                writer.line(line)
            } else if item.repetition != nil, start.hasTime, item.dueDate?.hasTime ?? true,
                start.date <= item.dueDate?.date ?? start.date,
                let zoned = kept.line("DTSTART", movedTo: start)
            {
                writer.line(zoned)
            } else {
                writeDate(
                    startBeside(item.dueDate, start: start, calendar: calendar), as: .start, calendar: calendar,
                    to: &writer)
            }
        }
        writeCompletion(of: item, kept: kept, calendar: calendar, to: &writer)
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
        writeRepetition(of: item, kept: kept, calendar: calendar, to: &writer)
        kept.othersToWrite(for: item, calendar: calendar).forEach { writer.line($0) }
        writeAlarms(of: item, to: &writer)
        writer.property("END", "VTODO")
        kept.overrides.joined().forEach { writer.line($0) }
    }

    /// The two date properties an item writes.
    private enum DateProperty {
        case due, start
    }

    /// Writes `DUE` or `DTSTART`: a UTC DATE-TIME, or a DATE for a whole day.
    private static func writeDate(
        _ date: ItemDate, as property: DateProperty, calendar: Calendar, to writer: inout ICalendarWriter
    ) {
        switch (property, date.hasTime) {
        case (.due, true): writer.property("DUE", date.date)
        case (.due, false): writer.property("DUE;VALUE=DATE", dayName(of: date.date, calendar: calendar))
        case (.start, true): writer.property("DTSTART", date.date)
        case (.start, false): writer.property("DTSTART;VALUE=DATE", dayName(of: date.date, calendar: calendar))
        }
    }

    /// The start as written beside `due` (RFC 5545 §3.6.2): of the due date's value type — a
    /// whole-day start beside a timed due date as the instant its day begins, a timed start
    /// beside a whole-day due date as its day — and never after the due date.
    static func startBeside(_ due: ItemDate?, start: ItemDate, calendar: Calendar) -> ItemDate {
        guard let due else { return start }
        if due.hasTime {
            // A whole-day start is the instant its day begins already.
            return start.date > due.date ? due : ItemDate(date: start.date, hasTime: true)
        }
        let day = calendar.startOfDay(for: start.date)
        return day > due.date ? due : ItemDate(date: day, hasTime: false)
    }

    /// `STATUS`, `COMPLETED` and `PERCENT-COMPLETE`, each as the VTODO had it while it still says
    /// the same; else done writes `STATUS:COMPLETED`, `COMPLETED` (when known) and
    /// `PERCENT-COMPLETE:100`, and open writes `STATUS:NEEDS-ACTION` alone — nothing for a VTODO
    /// read open without a `STATUS`.
    private static func writeCompletion(
        of item: TodoItem, kept: KeptLines, calendar: Calendar, to writer: inout ICalendarWriter
    ) {
        if let status = kept.status(meaning: item.isDone) {
            writer.line(status)
        } else if item.isDone {
            writer.property("STATUS", "COMPLETED")
        } else if !kept.lacks("STATUS") {
            writer.property("STATUS", "NEEDS-ACTION")
        }
        guard item.isDone else {
            if let percent = kept.percentComplete(meaning: false) { writer.line(percent) }
            return
        }
        if let completedAt = item.completedAt {
            let completion = ItemDate(date: completedAt, hasTime: true)
            if let line = kept.line("COMPLETED", meaning: completion, calendar: calendar) {
                writer.line(line)
            } else {
                writer.property("COMPLETED", completedAt)
            }
        }
        if let percent = kept.percentComplete(meaning: true) {
            writer.line(percent)
        } else {
            writer.property("PERCENT-COMPLETE", "100")
        }
    }

    /// The PRIORITY todo-tui writes for each of its priorities (RFC 5545: 1 highest, 9 lowest).
    static let iCalendarPriority: [TodoPriority: String] = [.high: "1", .medium: "5", .low: "9"]

    /// Whether a `STATUS` value means the to-do is no longer to do: `COMPLETED` or `CANCELLED`.
    static func isClosed(status: String) -> Bool {
        let value = TrimmedText.ofSpaces(status).uppercased()
        return value == "COMPLETED" || value == "CANCELLED"
    }

    /// Whether a VTODO (or an override of one occurrence) is done: what its `STATUS` says when it
    /// has one (`isClosed(status:)`), else whether it has a `COMPLETED` time, else whether its
    /// `PERCENT-COMPLETE` is 100 (Thunderbird's and jtx Board's rule).
    static func isDone(status: String?, hasCompleted: Bool, percent: String?) -> Bool {
        status.map(isClosed(status:)) ?? (hasCompleted || percent.map(isComplete(percent:)) ?? false)
    }

    /// Whether a `PERCENT-COMPLETE` value is 100.
    static func isComplete(percent: String) -> Bool {
        Int(TrimmedText.ofSpaces(percent)) == 100
    }

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
