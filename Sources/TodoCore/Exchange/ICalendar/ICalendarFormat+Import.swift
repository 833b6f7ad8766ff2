import Foundation

extension ICalendarFormat {
    /// Reads the VTODOs of an iCalendar file; other components (events, alarms, time zones) are
    /// skipped.
    ///
    /// Field by field: the id is the `UID` (derived when it is not a UUID, `StableID`); the text
    /// is `SUMMARY`, or `DESCRIPTION` when the summary is that description on one line (as
    /// `export` writes texts with line breaks), so a description that is a separate note is not
    /// taken for the text; the date is `DUE`, else `DTSTART` (else the creation date, else now); done
    /// means `STATUS:COMPLETED` or `CANCELLED` (no longer to do) or a `COMPLETED` time; the colour
    /// is `COLOR` when it names one of the eight (CSS's `fuchsia` and `aqua` too), else default.
    /// Times with `TZID` are read in that zone when the system knows it, floating times and
    /// DATE values in the calendar's zone.
    ///
    /// - Throws: `ExchangeError.invalidLine` for malformed iCalendar, a VTODO without `SUMMARY`, or
    ///   a date that does not parse.
    /// - Complexity: O(n) in the length of the input.
    static func parse(_ bytes: [UInt8], source: String, now: Date, calendar: Calendar) throws(ExchangeError) -> [TodoItem] {
        let components = try ICalendarParser(source: source).components(bytes)
        var collector = ImportCollector(format: .ics, source: source, now: now)
        for todo in components where todo.name == "VTODO" {
            let position = ImportPosition.line(todo.line)
            guard let summary = todo.first("SUMMARY") else {
                throw position.error("the VTODO that starts here has no SUMMARY", source: source)
            }
            let dates = TodoDates(todo: todo, source: source, calendar: calendar)
            let status = todo.first("STATUS")?.value.uppercased()
            let completed = try dates.date("COMPLETED")
            let due = try dates.date("DUE")
            let start = try dates.date("DTSTART")
            let summaryText = ICalendarParser.unescapedText(summary.value)
            let description = todo.first("DESCRIPTION").map { ICalendarParser.unescapedText($0.value) }
            let record = ImportRecord(
                id: todo.first("UID").map { StableID.id(forUID: $0.value) },
                text: description.flatMap { singleLine($0) == summaryText ? $0 : nil } ?? summaryText,
                date: due ?? start,
                color: todo.first("COLOR").flatMap { color(named: $0.value) } ?? .default,
                isDone: status == "COMPLETED" || status == "CANCELLED" || completed != nil,
                createdAt: try dates.date("CREATED"),
                modifiedAt: try dates.date("LAST-MODIFIED")
            )
            try collector.add(record, at: position)
        }
        return collector.items
    }

    /// Reads a vdir: every file as an iCalendar file, errors naming the file.
    /// - Throws: `ExchangeError` from a file, or `.invalidInput` when two files hold the same id.
    /// - Complexity: O(total size of the files).
    static func parseDirectory(_ files: [ExportedFile], source: String, now: Date, calendar: Calendar) throws(ExchangeError) -> [TodoItem] {
        var items: [TodoItem] = []
        var fileForID: [UUID: String] = [:]
        for file in files {
            for item in try parse(file.bytes, source: source + "/" + file.name, now: now, calendar: calendar) {
                if let earlier = fileForID[item.id] {
                    throw .invalidInput(source: source, reason: "the files \(StoreError.quoted(earlier)) and \(StoreError.quoted(file.name)) both hold the to-do \(item.id.uuidString.lowercased())")
                }
                fileForID[item.id] = file.name
                items.append(item)
            }
        }
        return items
    }

    /// The colour a CSS3 colour name stands for, when it is one of the eight.
    static func color(named name: String) -> TodoColor? {
        switch name.lowercased() {
        case "fuchsia": .magenta
        case "aqua": .cyan
        case "default": nil
        case let lowered: TodoColor(rawValue: lowered)
        }
    }
}

/// The date-valued properties of one VTODO, each refused with a message naming its line.
private struct TodoDates {
    let todo: ICalendarParser.Component
    let source: String
    let calendar: Calendar

    /// The property's instant, or `nil` when the VTODO lacks it.
    func date(_ name: String) throws(ExchangeError) -> Date? {
        guard let property = todo.first(name) else { return nil }
        let zone = property.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
        guard let date = ParsedTimestamp.parse(property.value)?.date(in: calendar, timeZone: zone) else {
            throw .invalidLine(source: source, line: property.line, reason: "\(StoreError.quoted(property.value)) in \(name) is not an iCalendar date or date-time")
        }
        return date
    }
}
