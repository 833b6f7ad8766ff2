/// What another program wrote about a to-do that todo-tui does not map to a field of its own,
/// kept per format so that an export to the same format writes it back unchanged.
///
/// Each format owns its part; changing one of the item's own fields rewrites only that field.
public struct ForeignProperties: Sendable, Hashable {
    /// iCalendar: the VTODO's content lines that are not mapped, unfolded, each exactly as read
    /// (name, parameters and value, without CRLF), in their order; a subcomponent (VALARM, …) is
    /// kept as all its lines from BEGIN to END. Also holds, verbatim, the original line of a
    /// mapped property whose value is finer than the mapping (`PRIORITY:2`, a `DUE;TZID=…`) and
    /// a `UID` that is not the item's id as an upper-case UUID: the exporter writes such a kept
    /// line instead of its own while the item's field still has the value the line means. A
    /// `BEGIN:VTIMEZONE … END:VTIMEZONE` block (which can only sit beside the VTODO) is kept here
    /// when a kept `TZID` parameter refers to it, and written back beside the VTODO.
    public var iCalendar: [String]
    /// Taskwarrior: attributes that are not mapped (UDAs, annotations, recur, …), in order.
    public var taskwarrior: [ForeignAttribute]
    /// todo.txt: the tokens that are not mapped (`t:2026-11-20`, `rec:1w`, any `key:value`), in
    /// order.
    public var todoTxt: [String]

    public init(iCalendar: [String] = [], taskwarrior: [ForeignAttribute] = [], todoTxt: [String] = []) {
        self.iCalendar = iCalendar
        self.taskwarrior = taskwarrior
        self.todoTxt = todoTxt
    }

    /// True when no format kept anything.
    public var isEmpty: Bool {
        iCalendar.isEmpty && taskwarrior.isEmpty && todoTxt.isEmpty
    }

    /// True when another program made the item recur: an iCalendar `RRULE` or `RDATE` line of
    /// the VTODO itself (not of a kept VTIMEZONE), a Taskwarrior `recur` attribute, or a todo.txt
    /// `rec:` token. todo-tui cannot complete one of these without breaking the series.
    /// - Complexity: O(n) in the number of kept lines.
    public var isRecurring: Bool {
        var depth = 0
        for line in iCalendar {
            let name = Self.propertyName(of: line)
            if name == "BEGIN" {
                depth += 1
            } else if name == "END" {
                depth -= 1
            } else if depth == 0, name == "RRULE" || name == "RDATE" {
                return true
            }
            if depth == 1, name == "BEGIN", line.dropFirst(6).uppercased() == "VTODO" { return true }
        }
        return taskwarrior.contains { $0.name == "recur" } || todoTxt.contains { $0.hasPrefix("rec:") }
    }

    /// The upper-cased name of an iCalendar content line: the text before the first `;` or `:`.
    static func propertyName(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }
}
