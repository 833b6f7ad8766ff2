import Foundation

/// Lists in iCalendar: a VCALENDAR per list in one `.ics` file, a folder per list in a vdir.
///
/// An `.ics` export of several lists is one VCALENDAR per list, in the order of the lists, each
/// naming its list with `X-WR-CALNAME` and, unless default, its colour with
/// `X-APPLE-CALENDAR-COLOR` (`#RRGGBB`): what a CalDAV server answers to a GET of a collection,
/// and what calcurse (every VTODO of every calendar) and Python's icalendar
/// (`Calendar.from_ical(data, multiple=True)`) read. An export of one list is one VCALENDAR,
/// which every reader takes. The standard list (`TodoList.standardID`) is the VCALENDAR without
/// a name, as it is the Taskwarrior task without a project: a store of one list exports as
/// before lists. Reading, a VTODO is in the list its VCALENDAR names; one in a VCALENDAR without
/// `X-WR-CALNAME` names no list (an import leaves it in its list, or puts it in the first).
extension ICalendarFormat {
    /// One VCALENDAR per list holding exported items, in the order of `lists`; items of a list
    /// not among them come last, in a VCALENDAR naming no list. No items: one empty VCALENDAR.
    /// - Complexity: O(total length of the items + number of lists).
    static func exportLists(_ items: [TodoItem], lists: [TodoList], now: Date, calendar: Calendar) -> [UInt8] {
        var groups: [UUID: [TodoItem]] = [:]
        for item in items {
            groups[item.listID, default: []].append(item)
        }
        var bytes: [UInt8] = []
        for list in lists {
            if let group = groups.removeValue(forKey: list.id) {
                let named = list.id == TodoList.standardID ? nil : list
                bytes += export(group, list: named, now: now, calendar: calendar)
            }
        }
        let rest = items.filter { groups[$0.listID] != nil }
        if !rest.isEmpty || bytes.isEmpty {
            bytes += export(rest, now: now, calendar: calendar)
        }
        return bytes
    }

    /// `X-WR-CALNAME` and, for a colour, `X-APPLE-CALENDAR-COLOR` of `list`; nothing for none.
    static func writeListProperties(of list: TodoList?, to writer: inout ICalendarWriter) {
        guard let list else { return }
        writer.text("X-WR-CALNAME", list.name)
        if let color = list.color.hexCode {
            writer.property("X-APPLE-CALENDAR-COLOR", color)
        }
    }

    /// The list each VTODO's VCALENDAR names, by the line the VTODO begins on.
    /// - Parameter components: as `ICalendarParser.components` returns them (a calendar after
    ///   the components it holds).
    /// - Throws: `ExchangeError` at the `X-WR-CALNAME` line when it cannot name a list.
    /// - Complexity: O(number of components).
    static func calendarLists(
        of components: [ICalendarParser.Component], source: String
    ) throws(ExchangeError) -> [Int: TodoList] {
        var lists: [Int: TodoList] = [:]
        var pending: [Int] = []
        for component in components {
            switch component.name {
            case "VTODO":
                pending.append(component.line)
            case "VCALENDAR":
                if let list = try list(namedBy: component, source: source) {
                    for line in pending { lists[line] = list }
                }
                pending.removeAll()
            default:
                continue
            }
        }
        return lists
    }

    /// The list a VCALENDAR's `X-WR-CALNAME` names, coloured by its `X-APPLE-CALENDAR-COLOR`.
    private static func list(
        namedBy calendar: ICalendarParser.Component, source: String
    ) throws(ExchangeError) -> TodoList? {
        guard let property = calendar.first("X-WR-CALNAME") else { return nil }
        let raw = ICalendarParser.unescapedText(property.value)
        let name = try TodoList.importedName(raw) { problem in
            ImportPosition.line(property.line).error(
                "the calendar name \(StoreError.quoted(raw)) cannot name a list: it \(problem)", source: source)
        }
        let color = calendar.first("X-APPLE-CALENDAR-COLOR").flatMap { TodoColor(hexCode: $0.value) }
        return TodoList(id: ImportContents.listID(forName: name), name: name, color: color ?? .default)
    }
}
