import Foundation

extension ICalendarFormat {
    /// Reads the VTODOs of an iCalendar file; other components (events, alarms, time zones) are
    /// skipped.
    ///
    /// Field by field: the id is the `UID` (derived when it is not a UUID, `StableID`); the text
    /// is `SUMMARY`, or `DESCRIPTION` when the summary is that description on one line (as
    /// `export` writes texts with line breaks), so a description that is a separate note is not
    /// taken for the text; the date is `DUE` (a VTODO without one has no date: nothing is made up
    /// from `DTSTART`, `CREATED` or `DTSTAMP`), the start `DTSTART`, each a whole day when it is a
    /// DATE; done is what `STATUS` says when there is one (`COMPLETED` and `CANCELLED`, no longer
    /// to do, are done; `NEEDS-ACTION` and `IN-PROCESS` are open, whatever else the VTODO says, as
    /// todoman leaves `PERCENT-COMPLETE:100` on a to-do it reopens), else a `COMPLETED` time, else
    /// `PERCENT-COMPLETE:100` (Thunderbird's and jtx Board's rule), and a done item was completed
    /// at `COMPLETED` when it says; the colour is `COLOR` when it names one of the eight (CSS's
    /// `fuchsia` and `aqua` too), else default; the notes are a `DESCRIPTION` that is not the
    /// text; `PRIORITY` 1–4 is high, 5 medium, 6–9 low; `CATEGORIES` (every such line, in order)
    /// are the tags. Times with `TZID` are read in that zone when the system knows it, floating
    /// times and DATE values in the calendar's zone. The list is the one the VTODO's VCALENDAR
    /// names with `X-WR-CALNAME` (`calendarLists(of:source:)`).
    ///
    /// A repetition todo-tui computes (one `RRULE`, with `EXDATE`, `RDATE` and its own
    /// `X-TODO-TUI-REPEAT-…` lines) is the item's `repetition` (`repetition(of:calendar:)`). A
    /// series with `RECURRENCE-ID` overrides (`RecurrenceOverrides`) also keeps those lines and its
    /// `DTSTART` and `DUE` as read, and its dates are its current occurrence (`OverriddenSeries`).
    ///
    /// Everything else the VTODO holds is kept in `foreign.iCalendar`, exactly as read: its other
    /// properties (a rule todo-tui does not compute, RELATED-TO, X-…), its subcomponents (VALARM)
    /// whole, the VTIMEZONEs its kept `TZID`s name, and the original line of a `UID` that is not
    /// the id as written here, an `RRULE` spelled otherwise than the export would spell it, a
    /// `PRIORITY` other than 1/5/9, a `DUE`, `DTSTART` or `COMPLETED` written otherwise than the
    /// export writes one (a `TZID`, a floating time, `VALUE=DATE-TIME`), and a `STATUS` or
    /// `PERCENT-COMPLETE` other than the export would write — the export writes those back while
    /// the item's field still means the same. Beside a `SEQUENCE`, the `LAST-MODIFIED` line is
    /// kept too, so that the export can tell an edited item and write its `SEQUENCE` one higher.
    /// Which of `STATUS` (of an open VTODO), `CREATED` and `LAST-MODIFIED` the VTODO lacked is
    /// kept as `KeptLines.absenceProperty`, so that the export does not add them.
    ///
    /// - Throws: `ExchangeError.invalidLine` for malformed iCalendar, a VTODO without `SUMMARY`, or
    ///   a date that does not parse, or an input past `limits` (`ICalendarParser.Limits`).
    /// - Complexity: O(n) in the length of the input.
    static func parse(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar,
        limits: ICalendarParser.Limits = .file
    ) throws(ExchangeError) -> ImportContents {
        let components = try ICalendarParser(source: source, limits: limits).components(bytes)
        let calendarLists = try calendarLists(of: components, source: source)
        let timeZones = Dictionary(
            components.filter { $0.name == "VTIMEZONE" }.compactMap { zone in
                zone.first("TZID").map { ($0.value, Array(zone.lines)) }
            },
            uniquingKeysWith: { first, _ in first }
        )
        var collector = ImportCollector(format: .ics, source: source, now: now)
        let overrides = RecurrenceOverrides(components)
        for todo in components where todo.name == "VTODO" && !overrides.isOverride(todo) {
            let position = ImportPosition.line(todo.line)
            guard let summary = todo.first("SUMMARY") else {
                throw position.error("the VTODO that starts here has no SUMMARY", source: source)
            }
            let dates = TodoDates(todo: todo, source: source, calendar: calendar)
            let status = todo.first("STATUS")?.value
            let completed = try dates.date("COMPLETED")
            let isDone = Self.isDone(
                status: status, hasCompleted: completed != nil, percent: todo.first("PERCENT-COMPLETE")?.value)
            let summaryText = ICalendarParser.unescapedText(summary.value)
            let description = todo.first("DESCRIPTION").map { ICalendarParser.unescapedText($0.value) }
            let textFromDescription = description.flatMap { singleLine($0) == summaryText ? $0 : nil }
            let id = todo.first("UID").map { StableID.id(forUID: $0.value) }
            var record = ImportRecord(
                id: id,
                text: textFromDescription ?? summaryText,
                date: try dates.date("DUE"),
                color: todo.first("COLOR").flatMap { color(named: $0.value) } ?? .default,
                isDone: isDone,
                createdAt: try dates.date("CREATED"),
                modifiedAt: try dates.date("LAST-MODIFIED")
            )
            record.notes = textFromDescription == nil ? description ?? "" : ""
            record.priority = todo.first("PRIORITY").flatMap { priority(fromICalendar: $0.value) } ?? .none
            record.tags = TodoTags(todo.properties.filter { $0.name == "CATEGORIES" }.flatMap { categories($0.value) })
            record.hasTime = todo.first("DUE").map { !isDate($0) } ?? true
            record.start = try dates.date("DTSTART")
            record.startHasTime = todo.first("DTSTART").map { !isDate($0) } ?? true
            record.completedAt = isDone ? completed : nil
            let overriding = overrides.blocks(of: todo)
            record.repetition = repetition(of: todo, calendar: calendar)
            // A series with overrides is written back as read: its rule and dates stay foreign lines.
            record.foreign = ForeignProperties(
                iCalendar: keptLines(
                    of: todo, id: id, isDone: isDone, rule: overriding.isEmpty ? record.repetition?.rule : nil,
                    timeZones: timeZones, keepsDates: !overriding.isEmpty)
                    + overriding)
            if !overriding.isEmpty, let repeating = record.repetition,
                let series = OverriddenSeries(record.foreign, calendar: calendar)
            {
                OverriddenSeries.show(series.current(of: repeating.repetition), in: &record)
            }
            record.list = calendarLists[todo.line]
            try collector.add(record, at: position)
        }
        return collector.contents
    }

    /// Reads a vdir: every `.ics` file as an iCalendar file, errors naming the file; its folders
    /// are lists (`VdirFolders`).
    /// - Throws: `ExchangeError` from a file, or `.invalidInput` when two files hold the same id.
    /// - Complexity: O(total size of the files).
    static func parseDirectory(
        _ files: [ExportedFile], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> ImportContents {
        var items: [TodoItem] = []
        var fileForID: [UUID: String] = [:]
        let folders = try VdirFolders(files, source: source)
        for file in folders.calendarFiles {
            let read = try parse(file.bytes, source: source + "/" + file.name, now: now, calendar: calendar).items
            for var item in read {
                item.listID = folders.listID(ofFile: file.name) ?? TodoList.standardID
                if let earlier = fileForID[item.id] {
                    throw .invalidInput(
                        source: source,
                        reason:
                            "the files \(StoreError.quoted(earlier)) and \(StoreError.quoted(file.name)) both hold "
                            + "the to-do \(item.id.uuidString.lowercased())"
                    )
                }
                fileForID[item.id] = file.name
                items.append(item)
            }
        }
        return ImportContents(items: items, lists: folders.lists)
    }

    /// The properties a field of the item holds; every other line of a VTODO is kept as read
    /// (but `KeptLines.absenceProperty`, which only todo-tui writes, and only into its store).
    static let mappedProperties: Set<String> = [
        "UID", "DTSTAMP", "CREATED", "LAST-MODIFIED", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "STATUS",
        "COMPLETED", "PERCENT-COMPLETE", "COLOR", "PRIORITY", "CATEGORIES", KeptLines.absenceProperty,
    ]

    /// The lines of `todo` that go to `ForeignProperties.iCalendar`: unmapped properties, mapped
    /// ones whose original the export must write back (see `parse`), the properties it lacked
    /// (`KeptLines.absenceProperty`), the subcomponents, and the VTIMEZONE blocks of the kept
    /// lines' `TZID`s.
    private static func keptLines(
        of todo: ICalendarParser.Component, id: UUID?, isDone: Bool, rule: RecurrenceRule?,
        timeZones: [String: [String]], keepsDates: Bool = false
    ) -> [String] {
        var originals: [String: String] = [:]
        var kept: [String] = []
        var zones: [String] = []
        for property in todo.properties {
            let keep =
                switch property.name {
                case "UID": id.map { property.raw != "UID:" + $0.uuidString.lowercased() } ?? true
                case "PRIORITY": !["1", "5", "9"].contains(property.value)
                case "DUE", "DTSTART": keepsDates || !isCanonicalDate(property)
                case "COMPLETED": !isCanonicalDate(property)
                case "STATUS": property.raw != (isDone ? "STATUS:COMPLETED" : "STATUS:NEEDS-ACTION")
                case "PERCENT-COMPLETE": !isDone || property.raw != "PERCENT-COMPLETE:100"
                // Beside a SEQUENCE, the stamp tells the export whether the item changed since.
                case "LAST-MODIFIED": todo.first("SEQUENCE") != nil
                // A mapped rule's line only when it is spelled otherwise than the export would.
                case "RRULE": rule.map { property.raw != "RRULE:" + $0.rruleText } ?? true
                case let name where repetitionProperties.contains(name): rule == nil
                case let name: !mappedProperties.contains(name)
                }
            guard keep else { continue }
            if KeptLines.replaceable.contains(property.name), originals[property.name] == nil {
                originals[property.name] = property.raw
            } else {
                kept.append(property.raw)
            }
            if let zone = property.parameters["TZID"], !zones.contains(zone) { zones.append(zone) }
        }
        // Absent STATUS means open; a done VTODO's absence says nothing worth keeping.
        let absent = KeptLines.absentable.filter { todo.first($0) == nil && ($0 != "STATUS" || !isDone) }
        // The originals first, in the order the export writes them, so that reading back an
        // export gives the same list.
        kept =
            KeptLines.replaceable.compactMap { originals[$0] }
            + (absent.isEmpty ? [] : [KeptLines.absenceProperty + ":" + absent.joined(separator: ",")]) + kept
            + todo.nestedBlocks.joined()
        for zone in zones {
            kept += timeZones[zone] ?? []
        }
        return kept
    }

    /// Whether a `DUE`, `DTSTART` or `COMPLETED` is written exactly as the export writes one: a
    /// UTC DATE-TIME without parameters, or `;VALUE=DATE:` and a day. Any other (a `TZID`, a
    /// floating time, a bare day, `VALUE=DATE-TIME`) is kept as read.
    static func isCanonicalDate(_ property: ICalendarParser.ContentLine) -> Bool {
        if property.parameters.isEmpty { return property.value.hasSuffix("Z") }
        return property.name != "COMPLETED" && property.parameters == ["VALUE": "DATE"]
            && property.raw.hasPrefix(property.name + ";VALUE=DATE:") && property.value.count == 8
    }

    /// RFC 5545's PRIORITY as todo-tui's: 1–4 high, 5 medium, 6–9 low, 0 none; nil for any
    /// other value (kept as read by `keptLines`).
    static func priority(fromICalendar value: String) -> TodoPriority? {
        switch Int(TrimmedText.ofSpaces(value)) {
        case 0?: TodoPriority.none
        case (1...4)?: .high
        case 5?: .medium
        case (6...9)?: .low
        default: nil
        }
    }

    /// The values of a CATEGORIES line: split at commas that are not escaped, each unescaped.
    static func categories(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var escaped = false
        for character in value {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "," {
                words.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        words.append(current)
        return words.map(ICalendarParser.unescapedText).filter { !$0.isEmpty }
    }

    /// Whether a date property names a whole day: `VALUE=DATE`, or a value of eight digits.
    static func isDate(_ property: ICalendarParser.ContentLine) -> Bool {
        property.parameters["VALUE"]?.uppercased() == "DATE" || property.value.count == 8
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
            throw .invalidLine(
                source: source, line: property.line,
                reason: "\(StoreError.quoted(property.value)) in \(name) is not an iCalendar date or date-time")
        }
        return date
    }
}
