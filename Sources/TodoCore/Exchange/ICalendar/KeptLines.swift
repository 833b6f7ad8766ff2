import Foundation

/// An item's kept iCalendar lines (`ForeignProperties.iCalendar`) sorted for writing: the
/// original lines of the properties todo-tui maps, the VTIMEZONE blocks, the mapped properties
/// the VTODO did not have, and the rest.
struct KeptLines {
    /// A kept VTIMEZONE: its `TZID` and all its lines.
    struct TimeZoneBlock {
        var id: String
        var lines: [String]
    }

    /// VTIMEZONE blocks, each written beside the VTODO.
    private(set) var timeZones: [TimeZoneBlock] = []
    /// VTODOs overriding single occurrences (`RECURRENCE-ID`, as Thunderbird and jtx Board write
    /// them) of the kept series, each all its lines, written after the VTODO in the same resource.
    private(set) var overrides: [[String]] = []
    /// Every other kept line, in order (subcomponents' lines included), except the originals of
    /// the `replaceable` properties and the `absenceProperty` line.
    private(set) var others: [String] = []
    /// The kept original line of a mapped property, by name.
    private var originals: [String: ICalendarParser.ContentLine] = [:]
    /// The mapped properties the VTODO did not have that the export would otherwise write
    /// (`absenceProperty`).
    private var absent: Set<String> = []

    /// The properties whose original line may be kept in place of the one todo-tui would write,
    /// in the order the import keeps them (first, so that reading back an export gives the same
    /// list). `LAST-MODIFIED` is kept only beside a `SEQUENCE`, to tell whether the item changed
    /// since. `RRULE` is written by `ICalendarFormat.writeRepetition(of:kept:calendar:to:)`.
    static let replaceable = [
        "UID", "DUE", "DTSTART", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "PRIORITY", "LAST-MODIFIED", "RRULE",
    ]

    /// The one kept line that is not a line the VTODO had: `X-TODO-TUI-ABSENT:STATUS,CREATED`
    /// names the properties of `absentable` the VTODO did not have (a phone leaves `STATUS` out of
    /// most open to-dos), so that the export leaves them out too while what they would say is
    /// what their absence said. Never written; one in a file read is ignored.
    static let absenceProperty = "X-TODO-TUI-ABSENT"
    /// The properties the export writes for every item unless the item came without them.
    static let absentable = ["STATUS", "CREATED", "LAST-MODIFIED"]

    /// - Complexity: O(n) in the number of lines.
    init(_ lines: [String]) {
        let parser = ICalendarParser(source: "")
        var depth = 0
        var zone: [String]?
        var override: [String]?
        var overrideDepth = 0
        for line in lines {
            let name = ForeignProperties.propertyName(of: line)
            let value = line.drop { $0 != ":" }.dropFirst().uppercased()
            if var block = zone {
                block.append(line)
                zone = block
                if name == "END", value == "VTIMEZONE" {
                    let id =
                        block.compactMap { try? parser.contentLine($0, at: 0) }.first { $0.name == "TZID" }?.value ?? ""
                    timeZones.append(TimeZoneBlock(id: id, lines: block))
                    zone = nil
                }
                continue
            }
            if var block = override {
                block.append(line)
                override = block
                if name == "BEGIN" { overrideDepth += 1 }
                if name == "END" { overrideDepth -= 1 }
                if overrideDepth == 0 {
                    overrides.append(block)
                    override = nil
                }
                continue
            }
            if depth == 0, name == "BEGIN", value == "VTIMEZONE" {
                zone = [line]
                continue
            }
            if depth == 0, name == "BEGIN", value == "VTODO" {
                override = [line]
                overrideDepth = 1
                continue
            }
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            if depth == 0, name == Self.absenceProperty {
                absent.formUnion(value.split(separator: ",").map(String.init))
                continue
            }
            if depth == 0, name != "END", Self.replaceable.contains(name), originals[name] == nil,
                let content = try? parser.contentLine(line, at: 0)
            {
                originals[name] = content
                continue
            }
            others.append(line)
        }
    }

    /// The kept original line of `name` (one of `replaceable`).
    func line(_ name: String) -> String? {
        originals[name]?.raw
    }

    /// The kept original line of `name` (one of `replaceable`), parsed.
    func originalLine(_ name: String) -> ICalendarParser.ContentLine? {
        originals[name]
    }

    /// Whether the item came without the property `name` (one of `absentable`).
    func lacks(_ name: String) -> Bool {
        absent.contains(name)
    }

    /// The kept original line of the date-valued `name` (`DUE`, `DTSTART`, `COMPLETED`) when it
    /// still names `date`: the same instant (to the second, as iCalendar keeps it) and the same
    /// kind (a day or a time).
    func line(_ name: String, meaning date: ItemDate?, calendar: Calendar) -> String? {
        guard let date, let original = originals[name] else { return nil }
        let zone = original.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
        guard let read = ParsedTimestamp.parse(original.value)?.date(in: calendar, timeZone: zone),
            ICalendarFormat.isDate(original) == !date.hasTime,
            read.timeIntervalSince1970.rounded(.down) == date.date.timeIntervalSince1970.rounded(.down)
        else { return nil }
        return original.raw
    }

    /// The kept `STATUS` when it says what `isDone` says (`COMPLETED` and `CANCELLED` are done,
    /// any other value open).
    func status(meaning isDone: Bool) -> String? {
        guard let original = originals["STATUS"], ICalendarFormat.isClosed(status: original.value) == isDone else {
            return nil
        }
        return original.raw
    }

    /// The kept `PERCENT-COMPLETE` when it says what `isDone` says (100 is done, any other value
    /// open).
    func percentComplete(meaning isDone: Bool) -> String? {
        guard let original = originals["PERCENT-COMPLETE"],
            ICalendarFormat.isComplete(percent: original.value) == isDone
        else { return nil }
        return original.raw
    }

    /// The kept lines to write, in order, with the VTODO's own `SEQUENCE` one higher when the
    /// item changed since it was read (`changedSinceRead`): RFC 5545 §3.8.7.4 asks a writer to
    /// increment it on a significant revision, and clients such as tasks.org compare it. Without a
    /// kept `LAST-MODIFIED` no change can be told, and `SEQUENCE` is written as read. A reopened
    /// item leaves out jtx Board's `X-COMPLETEDTIMEZONE`, which belongs to the `COMPLETED` it no
    /// longer has.
    func othersToWrite(for item: TodoItem, calendar: Calendar) -> [String] {
        let changed = changedSinceRead(item, calendar: calendar)
        guard changed || !item.isDone else { return others }
        var depth = 0
        return others.compactMap { line in
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            guard depth == 0 else { return line }
            if name == "X-COMPLETEDTIMEZONE", !item.isDone { return nil }
            guard changed, name == "SEQUENCE",
                let content = try? ICalendarParser(source: "").contentLine(line, at: 0),
                let number = Int(TrimmedText.ofSpaces(content.value)), number >= 0, number < Int.max
            else { return line }
            return String(line.prefix { $0 != ":" }) + ":" + String(number + 1)
        }
    }

    /// Whether the item's last modification differs (to the second) from the kept `LAST-MODIFIED`
    /// it was read with; false when none was kept.
    func changedSinceRead(_ item: TodoItem, calendar: Calendar) -> Bool {
        guard let stamp = originals["LAST-MODIFIED"],
            let date = ParsedTimestamp.parse(stamp.value)?.date(in: calendar, timeZone: nil)
        else { return false }
        return date.timeIntervalSince1970.rounded(.down) != item.modifiedAt.timeIntervalSince1970.rounded(.down)
    }

    /// Whether the kept `PRIORITY` reads as `priority`.
    func priorityMeans(_ priority: TodoPriority) -> Bool {
        originals["PRIORITY"].flatMap { ICalendarFormat.priority(fromICalendar: $0.value) } == priority
    }
}
