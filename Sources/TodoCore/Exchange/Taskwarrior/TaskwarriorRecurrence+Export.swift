import Foundation

extension TaskwarriorRecurrence {
    /// The tasks to write for `items`, in order: an open repeating to-do with a due date whose
    /// rule Taskwarrior can say, or whose `recur` was kept as Taskwarrior wrote it, becomes a
    /// template and its pending instance (see the type's summary); a repeating to-do Taskwarrior
    /// cannot repeat is one task carrying its rule in `todotuirepeat`; every other item is
    /// written as it is.
    /// - Complexity: O(n) in the number of items and their kept attributes.
    static func tasks(for items: [TodoItem], calendar: Calendar) -> [TodoItem] {
        guard items.contains(where: { $0.repetition != nil || $0.foreign.isRecurring }) else { return items }
        var tasks: [TodoItem] = []
        tasks.reserveCapacity(items.count + 16)
        for item in items {
            tasks.append(contentsOf: self.tasks(for: item, calendar: calendar))
        }
        return tasks
    }

    private static func tasks(for item: TodoItem, calendar: Calendar) -> [TodoItem] {
        var attributes: [ForeignAttribute] = []
        var recur: String?
        if let repeating = item.repetition {
            let repetition = repeating.repetition
            recur = Self.recur(for: repetition.rule)
            // The rule goes beside `recur` only when `recur` and `until` do not say all of it.
            var saysUntil = repetition.rule.until == nil
            if case .utc? = repetition.rule.until { saysUntil = true }
            if recur == nil || !saysUntil || recurRule(of: repetition.rule) != ruleWithoutUntil(repetition.rule) {
                attributes.append(json(ruleAttribute, string: repetition.rule.rruleText))
            }
            if repetition.anchor == .completion { attributes.append(json(anchorAttribute, string: "completion")) }
            if recur != nil, let until = repetition.rule.until {
                attributes.append(json("until", string: basicTimestamp(untilInstant(of: until, calendar: calendar))))
            }
        } else if !item.foreign.taskwarrior.contains(where: { $0.name == "parent" }),
            let kept = item.foreign.taskwarrior.first(where: { $0.name == "recur" }),
            let value = try? JSONSerialization.jsonObject(with: Data(kept.rawJSON.utf8), options: .fragmentsAllowed)
                as? String
        {
            // Written back as Taskwarrior wrote it: a completed or undated task as it was read.
            guard !item.isDone, item.date != nil else { return [item] }
            recur = value
            attributes += item.foreign.taskwarrior.filter { $0.name == "until" }
        } else {
            return [item]
        }
        let own = item.foreign.taskwarrior.filter {
            !recurrenceAttributes.contains($0.name) && $0.name != "parent" && $0.name != "imask"
        }
        guard let recur, !item.isDone, let due = item.date else {
            var task = item
            task.foreign.taskwarrior = own + attributes.filter { $0.name != "until" }
            return [task]
        }
        attributes.append(json("recur", string: recur))
        var template = item
        template.foreign.taskwarrior =
            own.filter { $0.name != "status" } + attributes
            + [json("status", string: "recurring"), json("mask", string: "-"), json("rtype", string: "periodic")]
        var instance = copy(
            of: item,
            id: StableID.uuid(name: "taskwarrior-instance:\(item.id.uuidString.lowercased())@\(basicTimestamp(due))"))
        instance.foreign.taskwarrior =
            own + attributes
            + [
                json("parent", string: item.id.uuidString.lowercased()),
                ForeignAttribute(name: "imask", rawJSON: "0"),
            ]
        return [template, instance]
    }

    /// The item under another id, every field kept.
    private static func copy(of item: TodoItem, id: UUID) -> TodoItem {
        var copy = TodoItem(
            id: id, text: item.text, date: item.date, color: item.color, isDone: item.isDone,
            createdAt: item.createdAt, modifiedAt: item.modifiedAt, version: item.version, notes: item.notes,
            priority: item.priority, tags: item.tags, hasTime: item.hasTime, foreign: item.foreign, start: item.start,
            startHasTime: item.startHasTime, completedAt: item.completedAt, repetition: item.repetition)
        copy.listID = item.listID
        copy.alarms = item.alarms
        return copy
    }

    private static func json(_ name: String, string: String) -> ForeignAttribute {
        var buffer = ExportBuffer(capacity: string.utf8.count + 2)
        buffer.appendJSONString(string)
        return ForeignAttribute(name: name, rawJSON: String(decoding: buffer.bytes, as: UTF8.self))
    }
}
