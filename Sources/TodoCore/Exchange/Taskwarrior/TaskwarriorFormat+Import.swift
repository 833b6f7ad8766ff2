import Foundation

extension TaskwarriorFormat {
    /// Reads `task export` output (a JSON array) or the JSON-lines form `task import` also takes
    /// (one object per line).
    ///
    /// Deleted tasks are skipped; a recurrence template (`status` `recurring`) and its instances
    /// are one repeating to-do (`TaskwarriorRecurrence`). `completed` is done, completed at
    /// `end`; `pending` and `waiting` are not.
    /// The date is `due` (a task without one has no date), the start `scheduled`, each a whole
    /// day when it is at the start of a day; the colour is `todotuicolor`, the notes
    /// `todotuinotes`; `priority` H/M/L and `tags` map to the item's own fields, `project` to its
    /// list (`TaskwarriorProject`). Every other attribute
    /// is kept as it was (`ForeignProperties.taskwarrior`, sorted by name), except `id` and
    /// `urgency`, which Taskwarrior computes.
    ///
    /// - Throws: `ExchangeError.invalidLine` (JSON lines, or a syntax error at a known place),
    ///   `.invalidRecord` (array elements) or `.invalidInput` for malformed JSON, a task that is
    ///   not an object, has no description, or has a field of the wrong type or form.
    /// - Complexity: O(n) in the length of the input.
    static func parse(
        _ bytes: [UInt8], source: String, now: Date, calendar: Calendar
    ) throws(ExchangeError) -> ImportContents {
        var collector = ImportCollector(format: .taskwarrior, source: source, now: now)
        var tasks: [TaskwarriorRecurrence.Task] = []
        if ImportLines.firstNonBlankLine(bytes)?.first(where: { $0 > 0x20 }) == UInt8(ascii: "[") {
            guard let array = try jsonValue(bytes[...], source: source, line: nil) as? [Any] else {
                throw .invalidInput(source: source, reason: "the input is not a JSON array of tasks")
            }
            tasks = array.enumerated().map { ($1, .record($0 + 1)) }
        } else {
            for (index, line) in ImportLines.byteLines(bytes).enumerated() where line.contains(where: { $0 > 0x20 }) {
                tasks.append((try jsonValue(line, source: source, line: index + 1), .line(index + 1)))
            }
        }
        for task in TaskwarriorRecurrence.merging(tasks, calendar: calendar) {
            try add(task.value, at: task.position, to: &collector, source: source, calendar: calendar)
        }
        return collector.contents
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
            let problem = (marker.map { detail[..<$0.lowerBound] } ?? detail[...]).trimmingCharacters(
                in: CharacterSet(charactersIn: "."))
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
            throw .invalidLine(
                source: source, line: lineNumber,
                reason: "the JSON is malformed at column \(column) (\(problem.lowercased()))")
        }
    }

    private static func add(
        _ value: Any, at position: ImportPosition, to collector: inout ImportCollector, source: String,
        calendar: Calendar
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
            throw position.error(
                "the status \(StoreError.quoted(status)) is not one of pending, waiting, completed, deleted, recurring",
                source: source)
        }
        guard let description = try fields.string("description") else {
            throw position.error("the task has no description", source: source)
        }
        let due = try fields.date("due")
        var record = ImportRecord(
            id: try fields.uuid(),
            text: description,
            date: due,
            color: try fields.color(),
            isDone: status == "completed",
            createdAt: try fields.date("entry"),
            modifiedAt: try fields.date("modified")
        )
        record.notes = try fields.string(TaskwarriorFormat.notesAttribute) ?? ""
        let priority = try fields.string("priority")
        record.priority =
            priority.flatMap { letter in TaskwarriorFormat.priorityLetters.first { $0.value == letter }?.key } ?? .none
        record.list = try TaskwarriorProject.list(named: fields.string("project"), at: position, source: source)
        for tag in try fields.strings("tags") {
            record.tags.insert(tag)
        }
        if let due {
            record.hasTime = due != calendar.startOfDay(for: due)
        }
        if let scheduled = try fields.date("scheduled") {
            record.start = scheduled
            record.startHasTime = scheduled != calendar.startOfDay(for: scheduled)
        }
        if status == "completed" {
            record.completedAt = try fields.date("end")
        }
        record.foreign = ForeignProperties(
            taskwarrior: try fields.foreign(keepingPriority: record.priority == .none && priority != nil))
        TaskwarriorRecurrence.map(task, into: &record, calendar: calendar)
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

    /// An array of strings, or none.
    func strings(_ key: String) throws(ExchangeError) -> [String] {
        guard let value = task[key] else { return [] }
        guard let strings = value as? [String] else { throw problem("the attribute \(key) is not an array of strings") }
        return strings
    }

    /// The attributes no field of the item holds, by name, each as its JSON text. `status` is
    /// kept only when it is `waiting` (done and pending are the item's own), `priority` only when
    /// it is not H, M or L, `end` only on a task that is not completed (a completed task's is its
    /// completion time).
    func foreign(keepingPriority: Bool) throws(ExchangeError) -> [ForeignAttribute] {
        var kept: [ForeignAttribute] = []
        for (name, value) in task.sorted(by: { $0.key < $1.key }) {
            switch name {
            case _
            where TaskwarriorFormat.ownAttributes.contains(name) || TaskwarriorFormat.computedAttributes.contains(name):
                continue
            case "status" where value as? String != "waiting":
                continue
            case "priority" where !keepingPriority:
                continue
            case "end" where task["status"] as? String == "completed":
                continue
            default:
                guard
                    let json = try? JSONSerialization.data(
                        withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
                else {
                    throw problem("the attribute \(StoreError.quoted(name)) holds a value that cannot be kept")
                }
                kept.append(ForeignAttribute(name: name, rawJSON: String(decoding: json, as: UTF8.self)))
            }
        }
        return kept
    }

    func uuid() throws(ExchangeError) -> UUID? {
        guard let value = try string("uuid") else { return nil }
        guard let id = UUID(uuidString: value) else {
            throw problem("\(StoreError.quoted(value)) in uuid is not a UUID")
        }
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
