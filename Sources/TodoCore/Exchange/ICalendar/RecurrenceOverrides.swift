import Foundation

/// The VTODOs of one iCalendar input that override single occurrences of a series: a VTODO with
/// a `RECURRENCE-ID` whose `UID` is that of a VTODO without one (the series) in the same input,
/// as Thunderbird, eM Client and jtx Board write a completed or changed occurrence.
///
/// Such a resource is read as one to-do, the series, its overrides kept exactly (their lines in
/// `ForeignProperties.iCalendar`, written back after it in the same resource), so that no
/// component is ever dropped. The to-do shows the series' first occurrence no override
/// completed, and completing it adds a completed override (`OverriddenSeries`). A
/// `RECURRENCE-ID` VTODO without its series in the input is read as a to-do of its own, as before.
struct RecurrenceOverrides {
    /// The lines of each series' overrides, by UID, in input order.
    private var blocksByUID: [String: [String]] = [:]

    /// - Complexity: O(n) in the number of components.
    init(_ components: [ICalendarParser.Component]) {
        let todos = components.filter { $0.name == "VTODO" }
        let series = Set(todos.filter { $0.first("RECURRENCE-ID") == nil }.compactMap { $0.first("UID")?.value })
        for todo in todos {
            guard todo.first("RECURRENCE-ID") != nil, let uid = todo.first("UID")?.value, series.contains(uid) else {
                continue
            }
            blocksByUID[uid, default: []] += todo.lines
        }
    }

    /// Whether `todo` overrides an occurrence of a series in the input (and is read with it).
    func isOverride(_ todo: ICalendarParser.Component) -> Bool {
        guard todo.first("RECURRENCE-ID") != nil, let uid = todo.first("UID")?.value else { return false }
        return blocksByUID[uid] != nil
    }

    /// The lines of the overrides of `todo`, when it is a series that has some; empty otherwise.
    func blocks(of todo: ICalendarParser.Component) -> [String] {
        guard todo.first("RECURRENCE-ID") == nil, let uid = todo.first("UID")?.value else { return [] }
        return blocksByUID[uid] ?? []
    }
}
