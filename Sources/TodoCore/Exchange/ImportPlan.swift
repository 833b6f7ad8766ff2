import Foundation

/// What importing a file into a set of items would do: which items to insert and which to update.
///
/// Items are matched by id (a file's id, UID or uuid; derived ids for files without). An item the
/// set lacks is inserted as read. A matched item is updated only where the file says something
/// different about the fields it records (`ImportFidelity`): its text when it differs from the
/// stored text as the format writes it (a todo.txt line that is the stored text with its line
/// breaks as spaces leaves the text alone), done state, colour when the format carries colours,
/// its date when it differs at the format's precision — a todo.txt day that is the item's
/// day leaves the item's time alone; no date in the file removes the item's — and likewise its
/// start and completion time where the format carries them, and its list where the format
/// carries lists (json, taskwarrior, ics, vdir: place the items in the store's lists first, an
/// item whose file names no list in the list it is in). So importing the same file twice
/// changes nothing the second time, and importing an export of the set itself changes nothing.
/// Identity and bookkeeping (`createdAt`, `modifiedAt`, `version`) of a matched item stay the
/// set's: apply updates through `TodoContext.update`, which stamps the modification.
public struct ImportPlan: Sendable, Equatable {
    /// Items whose ids the set does not hold, in file order.
    public private(set) var insertions: [TodoItem] = []
    /// Matched items with the file's differing fields applied, in file order.
    public private(set) var updates: [TodoItem] = []
    /// How many file items matched an item and changed nothing.
    public private(set) var unchangedCount = 0

    /// Plans importing `items`, as `format` parsed them from a file, into `existing`: an import
    /// changes only what the format records (`ExportFormat.fidelity`).
    /// - Complexity: O(n + m) for n imported and m existing items.
    public init(importing items: [TodoItem], into existing: [TodoItem], format: ExportFormat, calendar: Calendar) {
        self.init(importing: items, into: existing, fidelity: format.fidelity, calendar: calendar)
    }

    /// Plans importing `items` (as parsed from a file in a format of `fidelity`) into `existing`.
    ///
    /// - Parameters:
    ///   - items: parsed items; ids are unique (the parsers refuse repeats).
    ///   - existing: the items already there; ids are unique.
    ///   - calendar: defines days for formats of day precision.
    /// - Complexity: O(n + m) for n imported and m existing items.
    init(importing items: [TodoItem], into existing: [TodoItem], fidelity: ImportFidelity, calendar: Calendar) {
        let existingByID = Dictionary(existing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for item in items {
            guard let current = existingByID[item.id] else {
                insertions.append(item)
                continue
            }
            var updated = current
            if fidelity.textForm.apply(current.text) != item.text { updated.text = item.text }
            updated.isDone = item.isDone
            if fidelity.carriesColor { updated.color = item.color }
            if !Self.isSameDate(current.date, item.date, precision: fidelity.datePrecision, calendar: calendar) {
                updated.dueDate = item.dueDate
            }
            if fidelity.carriesStartAndCompletion {
                if !Self.isSameDate(current.start, item.start, precision: fidelity.datePrecision, calendar: calendar) {
                    updated.startDate = item.startDate
                }
                // A done item completed at an unknown time is exported with its modification time
                // where the format needs a completion date (Taskwarrior's `end`, todo.txt's `x DAY`):
                // reading that back is no news.
                let exported = current.completedAt ?? (current.isDone ? current.modifiedAt : nil)
                if !Self.isSameDate(exported, item.completedAt, precision: fidelity.datePrecision, calendar: calendar) {
                    updated.completedAt = item.completedAt
                }
            }
            if fidelity.carriesPriorityAndTags {
                updated.priority = item.priority
                updated.tags = item.tags
            }
            if fidelity.carriesNotes { updated.notes = item.notes }
            if fidelity.carriesList { updated.listID = item.listID }
            // What another program wrote comes with its file: the format's own part is replaced.
            updated.foreign = Self.foreign(current.foreign, replacedBy: item.foreign)
            if updated == current {
                unchangedCount += 1
            } else {
                updates.append(updated)
            }
        }
    }

    /// `stored` with the parts the file's format holds replaced by the file's: an import of a
    /// todo.txt file leaves what an iCalendar file left.
    private static func foreign(_ stored: ForeignProperties, replacedBy read: ForeignProperties) -> ForeignProperties {
        var merged = stored
        if !read.iCalendar.isEmpty { merged.iCalendar = read.iCalendar }
        if !read.taskwarrior.isEmpty { merged.taskwarrior = read.taskwarrior }
        if !read.todoTxt.isEmpty { merged.todoTxt = read.todoTxt }
        return merged
    }

    /// True when the plan changes nothing.
    public var isEmpty: Bool { insertions.isEmpty && updates.isEmpty }

    /// Whether a stored date and a date read at `precision` name the same moment at that precision
    /// (two absent dates are the same; an absent and a present one are not).
    private static func isSameDate(
        _ stored: Date?, _ read: Date?, precision: ImportFidelity.DatePrecision, calendar: Calendar
    ) -> Bool {
        guard let stored, let read else { return stored == nil && read == nil }
        switch precision {
        case .millisecond:
            return stored == read
        case .second:
            // Exports write whole seconds, truncating; a stored 09:30:00.750 reads back as 09:30:00.
            let milliseconds = stored.millisecondsSince1970
            let remainder = (milliseconds % 1_000 + 1_000) % 1_000
            return milliseconds - remainder == read.millisecondsSince1970
        case .day:
            return calendar.isDate(stored, inSameDayAs: read)
        }
    }
}
