import Foundation

/// An item's kept iCalendar lines (`ForeignProperties.iCalendar`) sorted for writing: the
/// original lines of the properties todo-tui maps, the VTIMEZONE blocks, and the rest.
struct KeptLines {
    /// A kept VTIMEZONE: its `TZID` and all its lines.
    struct TimeZoneBlock {
        var id: String
        var lines: [String]
    }

    /// VTIMEZONE blocks, each written beside the VTODO.
    private(set) var timeZones: [TimeZoneBlock] = []
    /// Every other kept line, in order (subcomponents' lines included), except the originals of
    /// `UID`, `DUE`, `PRIORITY` and `LAST-MODIFIED`.
    private(set) var others: [String] = []
    /// The kept original line of a mapped property, by name.
    private var originals: [String: ICalendarParser.ContentLine] = [:]

    /// The properties whose original line may be kept in place of the one todo-tui would write,
    /// in the order the import keeps them (first, so that reading back an export gives the same
    /// list). `LAST-MODIFIED` is kept only beside a `SEQUENCE`, to tell whether the item changed
    /// since.
    static let replaceable = ["UID", "DUE", "PRIORITY", "LAST-MODIFIED"]

    /// - Complexity: O(n) in the number of lines.
    init(_ lines: [String]) {
        let parser = ICalendarParser(source: "")
        var depth = 0
        var zone: [String]?
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
            if depth == 0, name == "BEGIN", value == "VTIMEZONE" {
                zone = [line]
                continue
            }
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            if depth == 0, name != "END", Self.replaceable.contains(name), originals[name] == nil,
                let content = try? parser.contentLine(line, at: 0)
            {
                originals[name] = content
                continue
            }
            others.append(line)
        }
    }

    /// The kept original line of `name` (`UID`, `DUE` or `PRIORITY`).
    func line(_ name: String) -> String? {
        originals[name]?.raw
    }

    /// Whether the kept `DUE` still names the item's date: the same instant (to the second, as
    /// iCalendar keeps it) and the same kind (a day or a time).
    func dueMeans(_ item: TodoItem, calendar: Calendar) -> Bool {
        guard let due = originals["DUE"] else { return false }
        let zone = due.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
        guard let date = ParsedTimestamp.parse(due.value)?.date(in: calendar, timeZone: zone) else { return false }
        return ICalendarFormat.isDate(due) == !item.hasTime
            && date.timeIntervalSince1970.rounded(.down) == item.date.timeIntervalSince1970.rounded(.down)
    }

    /// The kept lines to write, in order, with the VTODO's own `SEQUENCE` one higher when the
    /// item changed since it was read (`changedSinceRead`): RFC 5545 §3.8.7.4 asks a writer to
    /// increment it on a significant revision, and clients such as tasks.org compare it. Without a
    /// kept `LAST-MODIFIED` no change can be told, and `SEQUENCE` is written as read.
    func othersToWrite(for item: TodoItem, calendar: Calendar) -> [String] {
        guard changedSinceRead(item, calendar: calendar) else { return others }
        var depth = 0
        return others.map { line in
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            guard depth == 0, name == "SEQUENCE",
                let content = try? ICalendarParser(source: "").contentLine(line, at: 0),
                let number = Int(content.value.trimmingCharacters(in: .whitespaces)), number >= 0, number < Int.max
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
