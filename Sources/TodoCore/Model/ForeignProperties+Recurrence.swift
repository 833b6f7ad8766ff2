import Foundation

extension ForeignProperties {
    /// Why todo-tui cannot complete a to-do another program made repeat (`isRecurring`), as a
    /// sentence: the reason its iCalendar `RRULE` cannot be computed, or the format whose
    /// repetition is kept as that program wrote it. Nil when nothing foreign repeats. Meaningful
    /// only for an item without a `repetition`: a series with overrides keeps its `RRULE` here
    /// beside the repetition it maps to.
    /// - Complexity: O(n) in the number of kept lines.
    public var recurrenceProblem: String? {
        guard isRecurring else { return nil }
        var depth = 0
        var rules = 0
        for line in iCalendar {
            let name = Self.propertyName(of: line)
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
            guard depth == 0, name == "RRULE", let colon = line.firstIndex(of: ":") else { continue }
            rules += 1
            do {
                _ = try RecurrenceRule(rrule: String(line[line.index(after: colon)...]))
            } catch {
                return error.description
            }
        }
        // A series with overrides stored by a todo-tui that did not yet compute them.
        if rules == 1, hasOccurrenceOverrides {
            return "It was read before todo-tui completed single occurrences (RECURRENCE-ID): sync or import it "
                + "again to complete it here."
        }
        if iCalendar.contains(where: { Self.propertyName(of: $0) == "RRULE" }) {
            return "The to-do has more than one repeat rule, which todo-tui cannot compute."
        }
        if taskwarrior.contains(where: { $0.name == "recur" }) {
            return "Its Taskwarrior recur is kept as Taskwarrior wrote it."
        }
        if todoTxt.contains(where: { $0.hasPrefix("rec:") }) {
            return "Its todo.txt rec: is kept as it was written."
        }
        return "It repeats on extra dates (RDATE) without a rule todo-tui computes."
    }

    /// The time zone of the kept iCalendar `DTSTART` (else `DUE`) line of the VTODO, when it
    /// names one todo-tui knows (`DTSTART;TZID=Europe/Berlin:…`): the zone whose wall clock a
    /// repeating to-do from another program keeps when it advances. Nil when neither names one.
    /// - Complexity: O(n) in the number of kept lines.
    public var timeZoneOfDates: TimeZone? {
        var depth = 0
        var zones: [String: TimeZone] = [:]
        let parser = ICalendarParser(source: "")
        for line in iCalendar {
            let name = Self.propertyName(of: line)
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
            guard depth == 0, name == "DTSTART" || name == "DUE", zones[name] == nil,
                let zone = (try? parser.contentLine(line, at: 0))?.parameters["TZID"].flatMap(
                    TimeZone.init(identifier:))
            else { continue }
            zones[name] = zone
        }
        return zones["DTSTART"] ?? zones["DUE"]
    }

    /// Whether the kept iCalendar lines hold VTODOs overriding single occurrences of the series
    /// (`RECURRENCE-ID`), kept beside the to-do's own VTODO: its occurrences are completed one
    /// by one, each as a completed override (`TodoItem.complete(at:calendar:)`).
    /// - Complexity: O(n) in the number of kept lines.
    public var hasOccurrenceOverrides: Bool {
        var depth = 0
        for line in iCalendar {
            let name = Self.propertyName(of: line)
            if depth == 0, name == "BEGIN", line.dropFirst(6).uppercased() == "VTODO" { return true }
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
        }
        return false
    }
}
