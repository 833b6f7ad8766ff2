import Foundation

/// The JSON Taskwarrior's `task import` reads and `task export` writes.
///
/// A JSON array with one task object per line: `uuid` (lowercase), `description`, `status`
/// (`pending` or `completed`), `entry`, `modified`, `due` and, for a completed task, `end` (the
/// last modification, the best record of when it was done), all as UTC `YYYYMMDDTHHMMSSZ`. The
/// colour, unless default, is the attribute `todotuicolor`: Taskwarrior keeps attributes it has
/// no definition for (orphaned UDAs) through import, modify and export, so the colour survives a
/// round trip without any configuration, while a tag would mix with the person's own tags.
/// Descriptions keep line breaks; Taskwarrior stores them as they are.
enum TaskwarriorFormat {
    /// The name of the attribute holding an item's colour.
    static let colorAttribute = "todotuicolor"

    /// The items as a JSON array, one object per line, in the given order.
    /// - Complexity: O(total length of the items).
    static func export(_ items: [TodoItem]) -> [UInt8] {
        var buffer = ExportBuffer(capacity: 8 + items.count * 260)
        buffer.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            buffer.append(index == 0 ? "\n" : ",\n")
            buffer.append("{\"uuid\":\"")
            buffer.append(item.id)
            buffer.append("\",\"description\":")
            buffer.appendJSONString(item.text)
            buffer.append(item.isDone ? ",\"status\":\"completed\"" : ",\"status\":\"pending\"")
            buffer.append(",\"entry\":\"")
            buffer.appendBasicTimestamp(item.createdAt)
            buffer.append("\",\"modified\":\"")
            buffer.appendBasicTimestamp(item.modifiedAt)
            buffer.append("\",\"due\":\"")
            buffer.appendBasicTimestamp(item.date)
            if item.isDone {
                buffer.append("\",\"end\":\"")
                buffer.appendBasicTimestamp(item.modifiedAt)
            }
            if item.color != .default {
                buffer.append("\",\"")
                buffer.append(colorAttribute)
                buffer.append("\":\"")
                buffer.append(item.color.rawValue)
            }
            buffer.append("\"}")
        }
        buffer.append("\n]\n")
        return buffer.bytes
    }
}
