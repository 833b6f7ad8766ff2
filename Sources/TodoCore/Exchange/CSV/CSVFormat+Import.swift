import Foundation

extension CSVFormat {
    /// Reads CSV with a header row naming its columns, in any order and letter case.
    ///
    /// `text` is required; the other columns of `columns` are optional (`ImportRecord` supplies
    /// defaults) and other columns are ignored, so a sheet with extra columns still imports.
    /// Empty cells count as absent: an empty or missing `date` is an item without a date, an
    /// empty `start` one without a start. Dates are ISO-8601 (with offset or `Z`; a bare day or a
    /// time without offset is read in the calendar's zone); done, allDay and startAllDay are
    /// `true`/`false`, `yes`/`no`, `1`/`0` or `x`/empty; priority a name (or `h`/`m`/`l`); tags
    /// words separated by white space. Without an allDay (startAllDay) cell, a bare-day `date`
    /// (`start`) is a whole day. `completedAt` counts only for a done item. `repeat` is RRULE text
    /// todo-tui computes, `repeatFrom` `due` (or empty) or `completion`.
    ///
    /// - Throws: `ExchangeError.invalidLine` naming the line of the first bad record and the problem.
    /// - Complexity: O(n) in the length of the input.
    static func parse(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> [TodoItem] {
        var reader = CSVReader(try ImportLines.decode(bytes, source: source), source: source)
        let records = try reader.records()
        guard let header = records.first else { return [] }
        let (columnIndex, textIndex) = try columnIndices(header, source: source)
        var collector = ImportCollector(format: .csv, source: source, now: now)
        for record in records.dropFirst() {
            let position = ImportPosition.line(record.line)
            guard record.fields.count == header.fields.count else {
                throw position.error(
                    "the record has \(record.fields.count) fields but the header has \(header.fields.count)",
                    source: source)
            }
            let cell = { (column: String) -> String? in
                columnIndex[column.lowercased()].map { record.fields[$0] }.flatMap { $0.isEmpty ? nil : $0 }
            }
            let fields = RecordFields(cell: cell, position: position, source: source, calendar: calendar)
            var item = ImportRecord(
                id: try fields.id(),
                text: formulaUnescaped(record.fields[textIndex]),
                date: try fields.date("date"),
                color: try fields.color(),
                isDone: try fields.flag("done") ?? false,
                createdAt: try fields.date("createdAt"),
                modifiedAt: try fields.date("modifiedAt")
            )
            item.priority = try fields.priority()
            item.tags = TodoTags(cell("tags").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) } ?? [])
            item.notes = cell("notes").map(formulaUnescaped) ?? ""
            let bareDay = cell("date").map { $0.count == 10 } ?? false
            item.hasTime = try !(fields.flag("allDay") ?? bareDay)
            item.start = try fields.date("start")
            let bareStartDay = cell("start").map { $0.count == 10 } ?? false
            item.startHasTime = try !(fields.flag("startAllDay") ?? bareStartDay)
            if item.isDone { item.completedAt = try fields.date("completedAt") }
            item.repetition = try fields.repetition()
            try collector.add(item, at: position)
        }
        return collector.items
    }

    /// Maps lowercased known column names to their positions; also returns the text column's.
    private static func columnIndices(
        _ header: CSVReader.Record, source: String
    ) throws(ExchangeError) -> ([String: Int], Int) {
        let known = Set(columns.map { $0.lowercased() })
        var indices: [String: Int] = [:]
        for (index, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard known.contains(key) else { continue }
            guard indices[key] == nil else {
                throw .invalidLine(
                    source: source, line: header.line,
                    reason: "the header names the column \(StoreError.quoted(name)) twice")
            }
            indices[key] = index
        }
        guard let textIndex = indices["text"] else {
            throw .invalidLine(
                source: source, line: header.line,
                reason: "the header has no 'text' column (expected \(columns.joined(separator: ",")))")
        }
        return (indices, textIndex)
    }
}

/// The typed cells of one CSV record, each refused with a message naming column and value.
private struct RecordFields {
    let cell: (String) -> String?
    let position: ImportPosition
    let source: String
    let calendar: Calendar

    func id() throws(ExchangeError) -> UUID? {
        guard let value = cell("id") else { return nil }
        guard let id = UUID(uuidString: value) else {
            throw problem("\(StoreError.quoted(value)) in column id is not a UUID")
        }
        return id
    }

    func date(_ column: String) throws(ExchangeError) -> Date? {
        guard let value = cell(column) else { return nil }
        guard let date = ParsedTimestamp.parse(value)?.date(in: calendar) else {
            throw problem("\(StoreError.quoted(value)) in column \(column) is not an ISO-8601 date")
        }
        return date
    }

    func color() throws(ExchangeError) -> TodoColor {
        guard let value = cell("color") else { return .default }
        return try ImportRecord.color(value, in: "column color", at: position, source: source)
    }

    /// A yes/no column; nil when the cell is empty or the column absent.
    func flag(_ column: String) throws(ExchangeError) -> Bool? {
        guard let value = cell(column) else { return nil }
        switch value.lowercased() {
        case "true", "yes", "1", "x": return true
        case "false", "no", "0": return false
        default: throw problem("\(StoreError.quoted(value)) in column \(column) is not true or false")
        }
    }

    func priority() throws(ExchangeError) -> TodoPriority {
        guard let value = cell("priority") else { return .none }
        guard let priority = TodoPriority(name: value) else {
            throw problem("\(StoreError.quoted(value)) in column priority is not one of none, low, medium, high")
        }
        return priority
    }

    /// The `repeat` rule with its `repeatFrom` anchor; nil when the cell is empty.
    func repetition() throws(ExchangeError) -> ItemRepetition? {
        guard let value = cell("repeat") else { return nil }
        let rule: RecurrenceRule
        do {
            rule = try RecurrenceRule(rrule: value)
        } catch {
            throw problem("\(StoreError.quoted(value)) in column repeat is not a rule todo-tui computes: \(error)")
        }
        let anchor: RepeatAnchor
        switch cell("repeatFrom")?.lowercased() {
        case nil, "due": anchor = .due
        case "completion": anchor = .completion
        case let other?: throw problem("\(StoreError.quoted(other)) in column repeatFrom is not due or completion")
        }
        return ItemRepetition(Repetition(rule: rule, anchor: anchor))
    }

    private func problem(_ reason: String) -> ExchangeError {
        position.error(reason, source: source)
    }
}
