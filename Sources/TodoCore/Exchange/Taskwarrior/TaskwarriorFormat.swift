import Foundation

/// The JSON Taskwarrior's `task import` reads and `task export` writes.
///
/// A JSON array with one task object per line: `uuid` (lowercase), `description`, `status`
/// (`pending` or `completed`), `entry`, `modified`, `due` (none for an item without a date, as
/// Taskwarrior keeps a task without one), `scheduled` (the start: the date from which
/// Taskwarrior counts the task as ready) and, for a completed task, `end` (when it was
/// completed; when that is not known, the last modification, the best record, since `task
/// import` would otherwise make one up), all as UTC `YYYYMMDDTHHMMSSZ`. The
/// colour, unless default, is the attribute `todotuicolor`: Taskwarrior keeps attributes it has
/// no definition for (orphaned UDAs) through import, modify and export, so the colour survives a
/// round trip without any configuration, while a tag would mix with the person's own tags.
/// Notes travel the same way, in `todotuinotes` (Taskwarrior has no notes; its annotations are
/// timestamped entries of their own and are kept as they are). Descriptions keep line breaks;
/// Taskwarrior stores them as they are.
///
/// Priority is `H`, `M` or `L`; tags are `tags`; the list is the `project` (`TaskwarriorProject`).
/// `due` and `scheduled` are date-times: a whole day is written at its start
/// (local midnight), and one at the start of a day reads back as a whole day. Every other
/// attribute a task had when it was imported (annotations, `recur`, `parent`, `wait` — which
/// hides a task from reports, unlike `scheduled` —, `until`, `start` — the time `task start`
/// was run, not a start date —, `depends`, UDAs, a priority other than H/M/L, a `waiting`
/// status) is kept in `ForeignProperties.taskwarrior` and written back as it was, unless the
/// field it stands for was changed here. `id` and `urgency`, which Taskwarrior computes, are not
/// kept.
enum TaskwarriorFormat {
    /// The name of the attribute holding an item's colour.
    static let colorAttribute = "todotuicolor"
    /// The name of the attribute holding an item's notes.
    static let notesAttribute = "todotuinotes"
    /// The prefix of the tag that stands for a task's `project`.
    static let projectTagPrefix = "project:"
    /// Attributes that a field of the item holds (`status`, `priority` and `end` are kept too in
    /// the cases `TaskwarriorFormat+Import` names).
    static let ownAttributes: Set<String> = [
        "uuid", "description", "entry", "modified", "due", "scheduled", "project", "tags", colorAttribute,
        notesAttribute,
    ]
    /// Attributes Taskwarrior computes on export; importing them back is meaningless.
    static let computedAttributes: Set<String> = ["id", "urgency"]
    /// The letters of the three priorities, low to high.
    static let priorityLetters: [TodoPriority: String] = [.low: "L", .medium: "M", .high: "H"]

    /// The items as a JSON array, one object per line, in the given order.
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem], lists: [TodoList] = [.standard], calendar: Calendar) -> [UInt8] {
        let projects = TaskwarriorProject(lists: lists)
        var buffer = ExportBuffer(capacity: 8 + items.count * 260)
        buffer.append(UInt8(ascii: "["))
        for (index, item) in TaskwarriorRecurrence.tasks(for: items, calendar: calendar).enumerated() {
            buffer.append(index == 0 ? "\n" : ",\n")
            buffer.append("{\"uuid\":\"")
            buffer.append(item.id)
            buffer.append("\",\"description\":")
            buffer.appendJSONString(item.text)
            buffer.append(",\"status\":")
            if let kept = kept("status", of: item), !item.isDone {
                buffer.append(kept)
            } else {
                buffer.append(item.isDone ? "\"completed\"" : "\"pending\"")
            }
            appendTimestamp("entry", item.createdAt, to: &buffer)
            appendTimestamp("modified", item.modifiedAt, to: &buffer)
            if let date = item.date {
                appendTimestamp("due", date, to: &buffer)
            }
            if let start = item.start {
                appendTimestamp("scheduled", start, to: &buffer)
            }
            if item.isDone {
                if let completedAt = item.completedAt {
                    appendTimestamp("end", completedAt, to: &buffer)
                } else if let kept = kept("end", of: item) {
                    // What Taskwarrior said when the item was imported before completion times.
                    buffer.append(",\"end\":")
                    buffer.append(kept)
                } else {
                    appendTimestamp("end", item.modifiedAt, to: &buffer)
                }
            }
            if item.color != .default {
                buffer.append(",\"\(colorAttribute)\":\"\(item.color.rawValue)\"")
            }
            appendOwnFields(of: item, split: projects.split(item), to: &buffer)
            appendForeign(of: item, to: &buffer)
            buffer.append("}")
        }
        buffer.append("\n]\n")
        return buffer.bytes
    }

    /// `,"name":"YYYYMMDDTHHMMSSZ"`.
    private static func appendTimestamp(_ name: StaticString, _ date: Date, to buffer: inout ExportBuffer) {
        buffer.append(",\"")
        buffer.append(name)
        buffer.append("\":\"")
        buffer.appendBasicTimestamp(date)
        buffer.append("\"")
    }

    /// The raw JSON of the kept attribute `name`, if the item has one.
    private static func kept(_ name: String, of item: TodoItem) -> String? {
        item.foreign.taskwarrior.first { $0.name == name }?.rawJSON
    }

    /// Notes, priority, project and tags (`split`: `TaskwarriorProject`), each only when set.
    private static func appendOwnFields(
        of item: TodoItem, split: (project: String?, tags: [String]), to buffer: inout ExportBuffer
    ) {
        if !item.notes.isEmpty {
            buffer.append(",\"\(notesAttribute)\":")
            buffer.appendJSONString(item.notes)
        }
        if let letter = priorityLetters[item.priority] {
            buffer.append(",\"priority\":\"\(letter)\"")
        }
        if let project = split.project {
            buffer.append(",\"project\":")
            buffer.appendJSONString(project)
        }
        if !split.tags.isEmpty {
            buffer.append(",\"tags\":[")
            for (index, tag) in split.tags.enumerated() {
                if index > 0 { buffer.append(",") }
                buffer.appendJSONString(tag)
            }
            buffer.append("]")
        }
    }

    /// The kept attributes, except those a field of the item writes: `status` and `end`
    /// (written above), and `priority` when the item has one of its own (a kept priority such as
    /// a custom `"VH"` stands while the item's priority is none).
    private static func appendForeign(of item: TodoItem, to buffer: inout ExportBuffer) {
        for attribute in item.foreign.taskwarrior {
            switch attribute.name {
            case "status", "end": continue
            case "priority" where item.priority != .none: continue
            default: break
            }
            buffer.append(",")
            buffer.appendJSONString(attribute.name)
            buffer.append(":")
            buffer.append(attribute.rawJSON)
        }
    }

    /// The project (the first tag `project:NAME`) and the other tags, in order.
    static func splitProject(_ tags: TodoTags) -> (project: String?, tags: [String]) {
        var project: String?
        var rest: [String] = []
        for tag in tags {
            if project == nil, tag.hasPrefix(projectTagPrefix), tag.count > projectTagPrefix.count {
                project = String(tag.dropFirst(projectTagPrefix.count))
            } else {
                rest.append(tag)
            }
        }
        return (project, rest)
    }
}
