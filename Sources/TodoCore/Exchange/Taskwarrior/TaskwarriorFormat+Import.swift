import Foundation

extension TaskwarriorFormat {
    /// Reads `task export` output (a JSON array) or the JSON-lines form `task import` also takes
    /// (one object per line).
    ///
    /// Deleted tasks and recurrence templates (`status` `deleted`, `recurring`) are skipped; they
    /// are not to-dos. `completed` is done; `pending` and `waiting` are not. The date is `due`
    /// (else the creation date `entry`, else now); the colour is `todotuicolor`. Other attributes
    /// (`id`, `urgency`, `tags`, annotations, UDAs) are ignored.
    ///
    /// - Throws: `ExchangeError.invalidLine` (JSON lines, or a syntax error at a known place),
    ///   `.invalidRecord` (array elements) or `.invalidInput` for malformed JSON, a task that is
    ///   not an object, has no description, or has a field of the wrong type or form.
    /// - Complexity: O(n) in the length of the input.
    static func parse(_ bytes: [UInt8], source: String, now: Date, calendar: Calendar) throws(ExchangeError) -> [TodoItem] {
        var collector = ImportCollector(format: .taskwarrior, source: source, now: now)
        if ImportLines.firstNonBlankLine(bytes)?.first(where: { $0 > 0x20 }) == UInt8(ascii: "[") {
            guard let tasks = try jsonValue(bytes[...], source: source, line: nil) as? [Any] else {
                throw .invalidInput(source: source, reason: "the input is not a JSON array of tasks")
            }
            for (index, task) in tasks.enumerated() {
                try add(task, at: .record(index + 1), to: &collector, source: source, calendar: calendar)
            }
        } else {
            for (index, line) in ImportLines.byteLines(bytes).enumerated() where line.contains(where: { $0 > 0x20 }) {
                let task = try jsonValue(line, source: source, line: index + 1)
                try add(task, at: .line(index + 1), to: &collector, source: source, calendar: calendar)
            }
        }
        return collector.items
    }

    /// Parses JSON, turning Foundation's error into one naming the line (and column, when
    /// Foundation tells the byte offset: "Invalid value around character 29.").
    /// - Parameter line: the line `bytes` is, for JSON lines; `nil` for a whole file.
    private static func jsonValue(_ bytes: ArraySlice<UInt8>, source: String, line: Int?) throws(ExchangeError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
            let marker = detail.range(of: " around character ")
            let problem = (marker.map { detail[..<$0.lowerBound] } ?? detail[...]).trimmingCharacters(in: CharacterSet(charactersIn: "."))
            let offset = marker.flatMap { Int(detail[$0.upperBound...].prefix { $0.isNumber }) }
            guard let offset, offset <= bytes.count else {
                let reason = "the JSON is malformed (\(problem.lowercased()))"
                if let line { throw .invalidLine(source: source, line: line, reason: reason) }
                throw .invalidInput(source: source, reason: reason)
            }
            let before = bytes.prefix(offset)
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
            let column = before[lineStart...].count { $0 & 0xC0 != 0x80 } + 1
            let lineNumber = line ?? before.count { $0 == UInt8(ascii: "\n") } + 1
            throw .invalidLine(source: source, line: lineNumber, reason: "the JSON is malformed at column \(column) (\(problem.lowercased()))")
        }
    }

    private static func add(
        _ value: Any, at position: ImportPosition, to collector: inout ImportCollector, source: String, calendar: Calendar
    ) throws(ExchangeError) {
        guard let task = value as? [String: Any] else {
            throw position.error("the task is not a JSON object", source: source)
        }
        let fields = TaskFields(task: task, position: position, source: source, calendar: calendar)
        let status = try fields.string("status") ?? "pending"
        switch status {
        case "deleted", "recurring":
            return
        case "pending", "waiting", "completed":
            break
        default:
            throw position.error("the status \(StoreError.quoted(status)) is not one of pending, waiting, completed, deleted, recurring", source: source)
        }
        guard let description = try fields.string("description") else {
            throw position.error("the task has no description", source: source)
        }
        let record = ImportRecord(
            id: try fields.uuid(),
            text: description,
            date: try fields.date("due"),
            color: try fields.color(),
            isDone: status == "completed",
            createdAt: try fields.date("entry"),
            modifiedAt: try fields.date("modified")
        )
        try collector.add(record, at: position)
    }
}

/// The typed attributes of one task object, each refused with a message naming the attribute.
private struct TaskFields {
    let task: [String: Any]
    let position: ImportPosition
    let source: String
    let calendar: Calendar

    func string(_ key: String) throws(ExchangeError) -> String? {
        guard let value = task[key] else { return nil }
        guard let string = value as? String else { throw problem("the attribute \(key) is not a string") }
        return string
    }

    func uuid() throws(ExchangeError) -> UUID? {
        guard let value = try string("uuid") else { return nil }
        guard let id = UUID(uuidString: value) else { throw problem("\(StoreError.quoted(value)) in uuid is not a UUID") }
        return id
    }

    func date(_ key: String) throws(ExchangeError) -> Date? {
        guard let value = try string(key) else { return nil }
        guard let date = ParsedTimestamp.parse(value)?.date(in: calendar) else {
            throw problem("\(StoreError.quoted(value)) in \(key) is not a date of the form YYYYMMDDTHHMMSSZ")
        }
        return date
    }

    func color() throws(ExchangeError) -> TodoColor {
        guard let value = try string(TaskwarriorFormat.colorAttribute) else { return .default }
        return try ImportRecord.color(value, in: TaskwarriorFormat.colorAttribute, at: position, source: source)
    }

    private func problem(_ reason: String) -> ExchangeError {
        position.error(reason, source: source)
    }
}
