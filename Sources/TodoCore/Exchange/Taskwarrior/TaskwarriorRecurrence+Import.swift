import Foundation

extension TaskwarriorRecurrence {
    /// One task of an input and where it stood.
    typealias Task = (value: Any, position: ImportPosition)

    /// The tasks of an input with every template and its instances made one task (see the type's
    /// summary): the pending instance with the earliest `due` takes the template's uuid,
    /// `recur`, `until`, `mask` and rule attributes and loses `parent` and `imask`; the
    /// template's other pending instances and its completed and deleted ones are left out; a
    /// template without a pending instance (with a `recur` and a `due`; another is skipped, as a
    /// template is not a to-do) becomes a pending task at its first occurrence the `mask` leaves
    /// open (completed when its series has none left). Everything else is passed
    /// through unchanged, in input order.
    /// - Complexity: O(n) in the number of tasks, plus O(m) occurrences for a template alone with
    ///   a `mask` of m characters.
    static func merging(_ tasks: [Task], calendar: Calendar) -> [Task] {
        var templates: [String: [String: Any]] = [:]
        for task in tasks {
            guard let object = task.value as? [String: Any], object["status"] as? String == "recurring",
                let uuid = object["uuid"] as? String, templates[uuid] == nil
            else { continue }
            templates[uuid] = object
        }
        guard !templates.isEmpty else { return tasks }
        var current: [String: Int] = [:]
        for (index, task) in tasks.enumerated() {
            guard let object = task.value as? [String: Any], isPending(object),
                let parent = object["parent"] as? String, templates[parent] != nil
            else { continue }
            if let earlier = current[parent], !isDue(object, before: tasks[earlier].value) { continue }
            current[parent] = index
        }
        var merged: [Task] = []
        for (index, task) in tasks.enumerated() {
            guard let object = task.value as? [String: Any] else {
                merged.append(task)
                continue
            }
            if let parent = object["parent"] as? String, let template = templates[parent] {
                if current[parent] == index {
                    merged.append((joining(template, instance: object), task.position))
                }
                continue
            }
            if let uuid = object["uuid"] as? String, object["status"] as? String == "recurring",
                let template = templates[uuid], current[uuid] == nil, template["recur"] != nil, template["due"] != nil
            {
                merged.append((alone(template, calendar: calendar), task.position))
                continue
            }
            merged.append(task)
        }
        return merged
    }

    /// Sets the record's repetition from a task's `recur` (and `until`, `mask`, and the rule
    /// attributes todo-tui writes beside them) and removes those from its kept attributes; a
    /// task still naming a `parent` (an instance whose template was not read) or whose `recur`
    /// todo-tui cannot compute keeps them all, so the to-do is not completed here.
    /// - Complexity: O(number of kept attributes + length of the mask).
    static func map(_ task: [String: Any], into record: inout ImportRecord, calendar: Calendar) {
        guard task["parent"] == nil, record.date != nil || record.start != nil,
            var repetition = repetition(of: task, calendar: calendar)
        else { return }
        repetition.completedCount = (task["mask"] as? String)?.count { $0 == "+" } ?? 0
        record.repetition = repetition
        record.foreign.taskwarrior.removeAll { recurrenceAttributes.contains($0.name) }
    }

    /// The repetition a task states: its `todotuirepeat` rule while `recur` says the same (or is
    /// absent), else the rule of `recur`; `until` ends it.
    private static func repetition(of task: [String: Any], calendar: Calendar) -> ItemRepetition? {
        let recur = task["recur"] as? String
        let stated = (task[ruleAttribute] as? String).flatMap { try? RecurrenceRule(rrule: $0) }
        var rule: RecurrenceRule
        if let stated, recur == nil || recur.flatMap(Self.rule(recur:)) == recurRule(of: stated) {
            rule = stated
        } else if let recur, let read = Self.rule(recur: recur) {
            rule = read
        } else {
            return nil
        }
        if let until = task["until"] {
            guard let text = until as? String, let end = ParsedTimestamp.parse(text)?.date(in: calendar) else {
                return nil
            }
            if rule.until.map({ untilInstant(of: $0, calendar: calendar) }) != end { rule.setUntil(.utc(end)) }
        }
        let anchor: RepeatAnchor = (task[anchorAttribute] as? String)?.lowercased() == "completion" ? .completion : .due
        return ItemRepetition(Repetition(rule: rule, anchor: anchor))
    }

    /// The rule `recur(for:)` would write for `rule`, read back; nil when it has no `recur`.
    static func recurRule(of rule: RecurrenceRule) -> RecurrenceRule? {
        recur(for: ruleWithoutUntil(rule)).flatMap(Self.rule(recur:))
    }

    /// `rule` without its `UNTIL`, which Taskwarrior keeps apart from `recur`.
    static func ruleWithoutUntil(_ rule: RecurrenceRule) -> RecurrenceRule {
        var plain = rule
        plain.setUntil(nil)
        return plain
    }

    private static func isPending(_ object: [String: Any]) -> Bool {
        let status = object["status"] as? String ?? "pending"
        return status == "pending" || status == "waiting"
    }

    /// Whether `object` is due before `other` (a task without `due` comes last; the basic UTC
    /// form orders as text).
    private static func isDue(_ object: [String: Any], before other: Any) -> Bool {
        guard let due = object["due"] as? String else { return false }
        guard let otherDue = (other as? [String: Any])?["due"] as? String else { return true }
        return due < otherDue
    }

    /// The instance as the one task of its series.
    private static func joining(_ template: [String: Any], instance: [String: Any]) -> [String: Any] {
        var task = instance
        task["uuid"] = template["uuid"]
        task["parent"] = nil
        task["imask"] = nil
        task["rtype"] = nil
        for name in ["recur", "until", "mask", ruleAttribute, anchorAttribute] where template[name] != nil {
            task[name] = template[name]
        }
        return task
    }

    /// A template without a pending instance as the task of its current occurrence: the first
    /// the mask leaves open (`-`, or past its end).
    private static func alone(_ template: [String: Any], calendar: Calendar) -> [String: Any] {
        var task = template
        task["status"] = "pending"
        task["rtype"] = nil
        let mask = template["mask"] as? String ?? ""
        let index = mask.firstIndex(of: "-").map { mask.distance(from: mask.startIndex, to: $0) } ?? mask.count
        guard index > 0, let text = template["due"] as? String,
            let first = ParsedTimestamp.parse(text)?.date(in: calendar),
            let repetition = repetition(of: template, calendar: calendar)?.repetition
        else { return task }
        let wholeDay = first == calendar.startOfDay(for: first)
        var due = first
        for _ in 0..<index {
            guard
                let next = repetition.nextOccurrence(
                    after: due, seriesStart: first, isWholeDay: wholeDay, in: calendar)
            else {
                task["status"] = "completed"
                return task
            }
            due = next
        }
        task["due"] = basicTimestamp(due)
        return task
    }

    /// `20250112T093000Z`.
    static func basicTimestamp(_ date: Date) -> String {
        var buffer = ExportBuffer(capacity: UTCDateTime.basicLength)
        buffer.appendBasicTimestamp(date)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// The last instant `until` lets an occurrence fall on: the end of a `DATE`'s day, a floating
    /// time in `calendar`'s zone.
    static func untilInstant(of until: RecurrenceRule.Until, calendar: Calendar) -> Date {
        switch until {
        case .utc(let date):
            return date
        case .date(let day):
            let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day + 1))
            return (start ?? Date(timeIntervalSince1970: TimeInterval(day.dayNumber + 1) * 86_400)) - 1
        case .localDateTime(let day, let hour, let minute, let second):
            let components = DateComponents(
                year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
            return calendar.date(from: components)
                ?? Date(
                    timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second))
        }
    }
}
