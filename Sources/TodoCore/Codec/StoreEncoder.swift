import Foundation

/// Writes store contents as the documented JSON file format.
///
/// The output is pretty, with sorted keys and one item per line (wrapped below to fit) so that `git diff` of a store
/// reads well:
/// ```
/// {
///   "format": "todo-tui",
///   "generation": 12,
///   "items": [
///     {"color": "red", "createdAt": "2025-01-30T09:15:00.000Z", "date": …, "hasTime": true, "id": …,
///      "isDone": false, "modifiedAt": …, "priority": "high", "tags": ["shop"], "text": "Buy milk", "version": 3}
///   ],
///   "lists": [
///     {"color": "default", "id": "00000000-0000-4000-8000-000000000001", "name": "To-dos"}
///   ],
///   "version": 4
/// }
/// ```
/// Dates are UTC with milliseconds and `Z`; ids are upper case. Strings escape `"`, `\`, every
/// C0 control character, DEL and the C1 controls, and keep all other characters as raw UTF-8.
/// Hand-written because Foundation's `JSONEncoder` is an order of magnitude too slow for
/// 100,000 items; `StoreDecoder` reads everything this writes, value for value.
package enum StoreEncoder {
    /// The dates the format can hold: the years 0000 through 9999, in UTC.
    package static let representableDates: ClosedRange<Date> =
        Date(
            millisecondsSince1970: TimestampFormat.representableMilliseconds.lowerBound)...Date(
            millisecondsSince1970: TimestampFormat.representableMilliseconds.upperBound)

    /// The bytes of the store file for `contents`, items in the order given, ending in a newline.
    ///
    /// - Precondition: every date is within `representableDates`.
    /// - Complexity: O(n) in the total size of the items.
    package static func encode(_ contents: StoreContents) -> [UInt8] {
        bytes(items: contents.items, extra: listsBound(contents.lists)) { output in
            output.write("{\n  \"format\": \"todo-tui\",\n  \"generation\": ")
            writeInteger(contents.generation, to: &output)
            output.write(",\n  \"items\": [")
            writeItems(contents.items, first: "\n    ", separator: ",\n    ", to: &output)
            output.write(contents.items.isEmpty ? "],\n  \"lists\": " : "\n  ],\n  \"lists\": ")
            writeLists(contents.lists, first: "[\n    ", separator: ",\n    ", last: "\n  ]", to: &output)
            output.write(",\n  \"version\": ")
            writeInteger(StoreError.supportedVersion, to: &output)
            output.write("\n}\n")
        }
    }

    /// A JSON array of `items` in the store's item format, one item per line, ending in a newline:
    /// what `todo-tui list --json` prints.
    /// - Precondition: every date is within `representableDates`.
    /// - Complexity: O(n) in the total size of the items.
    package static func encodeItemArray(_ items: [TodoItem]) -> [UInt8] {
        bytes(items: items) { output in
            output.write("[")
            writeItems(items, first: "\n  ", separator: ",\n  ", to: &output)
            output.write(items.isEmpty ? "]\n" : "\n]\n")
        }
    }

    /// The bytes `write` writes into a buffer bounded for `items` plus `extra` bytes and the
    /// fixed parts (`headerBound`, which is reserved before `write` runs).
    static func bytes(items: [TodoItem], extra: Int = 0, _ write: (inout ByteCursor) -> Void) -> [UInt8] {
        let bound = items.reduce(headerBound + extra) { $0 + itemBound($1) }
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            var output = ByteCursor(buffer)
            output.reserve(headerBound)
            write(&output)
            count = buffer.baseAddress.map { output.position - $0 } ?? 0
        }
    }

    /// Writes `items` on one or more lines: `first` before the first, `separator` between.
    /// - Complexity: O(n) in the total size of the items.
    static func writeItems(
        _ items: [TodoItem], first: StaticString, separator: StaticString, to output: inout ByteCursor
    ) {
        for (index, item) in items.enumerated() {
            output.reserve(itemBound(item))
            output.write(index == 0 ? first : separator)
            writeItem(item, to: &output)
        }
    }

    /// At most how many bytes the file's lines other than the items take (an integer is at
    /// most 20 characters).
    static let headerBound = 128

    /// At most how many bytes an item's line takes: the fixed keys, colour, dates, id,
    /// integer and priority, plus every string with each UTF-8 byte escaped as `\u00XX` and
    /// its quotes and separator.
    static func itemBound(_ item: TodoItem) -> Int {
        var bound = 360 + 5 * TimestampFormat.writtenLength + UUIDFormat.writtenLength + 6 * item.text.utf8.count
        if !item.notes.isEmpty { bound += 6 * item.notes.utf8.count }
        if let repetition = item.repetition { bound += repetitionBound(repetition) }
        for tag in item.tags { bound += 4 + 6 * tag.utf8.count }
        for alarm in item.alarms {
            for line in alarm.lines { bound += 4 + 6 * line.utf8.count }
        }
        if !item.foreign.isEmpty {
            bound += 64
            for line in item.foreign.iCalendar { bound += 4 + 6 * line.utf8.count }
            for token in item.foreign.todoTxt { bound += 4 + 6 * token.utf8.count }
            for attribute in item.foreign.taskwarrior {
                bound += 12 + 6 * (attribute.name.utf8.count + attribute.rawJSON.utf8.count)
            }
        }
        return bound
    }

    /// Writes one item as a single-line object with sorted keys; the optional keys only when set:
    /// `alarms` (every alarm's lines in one array), `completedAt`, `date` with `hasTime`, `foreign`,
    /// `list`, `notes`, `priority`, `repeat`, `start` with `startHasTime`, `tags`.
    static func writeItem(_ item: TodoItem, to output: inout ByteCursor) {
        output.write(UInt8(ascii: "{"))
        if !item.alarms.isEmpty {
            output.write("\"alarms\": ")
            writeStrings(item.alarms.lazy.flatMap(\.lines), to: &output)
            output.write(", ")
        }
        output.write("\"color\": \"")
        var color = item.color.rawValue
        color.withUTF8 { output.write($0) }
        if let completedAt = item.completedAt {
            output.write("\", \"completedAt\": \"")
            TimestampFormat.write(completedAt.millisecondsSince1970, to: &output)
        }
        output.write("\", \"createdAt\": \"")
        TimestampFormat.write(item.createdAt.millisecondsSince1970, to: &output)
        if let date = item.date {
            output.write("\", \"date\": \"")
            TimestampFormat.write(date.millisecondsSince1970, to: &output)
        }
        output.write("\", ")
        if !item.foreign.isEmpty {
            output.write("\"foreign\": ")
            writeForeign(item.foreign, to: &output)
            output.write(", ")
        }
        if item.date != nil {
            output.write(item.hasTime ? "\"hasTime\": true, " : "\"hasTime\": false, ")
        }
        output.write("\"id\": \"")
        UUIDFormat.write(item.id, to: &output)
        output.write(item.isDone ? "\", \"isDone\": true, " : "\", \"isDone\": false, ")
        if item.listID != TodoList.standardID {
            output.write("\"list\": \"")
            UUIDFormat.write(item.listID, to: &output)
            output.write("\", ")
        }
        output.write("\"modifiedAt\": \"")
        TimestampFormat.write(item.modifiedAt.millisecondsSince1970, to: &output)
        output.write("\", ")
        if !item.notes.isEmpty {
            output.write("\"notes\": ")
            writeString(item.notes, to: &output)
            output.write(", ")
        }
        if item.priority != .none {
            output.write("\"priority\": \"")
            var name = item.priority.name
            name.withUTF8 { output.write($0) }
            output.write("\", ")
        }
        if let repetition = item.repetition {
            output.write("\"repeat\": ")
            writeRepetition(repetition, to: &output)
            output.write(", ")
        }
        if let start = item.start {
            output.write("\"start\": \"")
            TimestampFormat.write(start.millisecondsSince1970, to: &output)
            output.write(item.startHasTime ? "\", \"startHasTime\": true, " : "\", \"startHasTime\": false, ")
        }
        if !item.tags.isEmpty {
            output.write("\"tags\": ")
            writeStrings(item.tags, to: &output)
            output.write(", ")
        }
        output.write("\"text\": ")
        writeString(item.text, to: &output)
        output.write(", \"version\": ")
        writeInteger(item.version, to: &output)
        output.write(UInt8(ascii: "}"))
    }

    /// At most how many bytes `writeLists` takes for `lists`.
    static func listsBound(_ lists: [TodoList]) -> Int {
        lists.reduce(16) { $0 + 64 + UUIDFormat.writtenLength + 6 * $1.name.utf8.count }
    }

    /// Writes `lists` as a JSON array, one list per object with sorted keys
    /// (`{"color": "red", "id": "…", "name": "Work"}`): `first` before the first, `separator`
    /// between, `last` after the last.
    /// - Precondition: the output's bound counted `listsBound(lists)`.
    /// - Complexity: O(n) in the total size of the lists.
    static func writeLists(
        _ lists: [TodoList], first: StaticString, separator: StaticString, last: StaticString,
        to output: inout ByteCursor
    ) {
        output.reserve(listsBound(lists))
        output.write(lists.isEmpty ? "[" : first)
        for (index, list) in lists.enumerated() {
            if index > 0 { output.write(separator) }
            output.write("{\"color\": \"")
            var color = list.color.rawValue
            color.withUTF8 { output.write($0) }
            output.write("\", \"id\": \"")
            UUIDFormat.write(list.id, to: &output)
            output.write("\", \"name\": ")
            writeString(list.name, to: &output)
            output.write(UInt8(ascii: "}"))
        }
        output.write(lists.isEmpty ? "]" : last)
    }

    /// Writes `{"iCalendar": […], "taskwarrior": [[name, rawJSON], …], "todoTxt": […]}` with the
    /// empty parts left out, keys sorted.
    static func writeForeign(_ foreign: ForeignProperties, to output: inout ByteCursor) {
        output.write(UInt8(ascii: "{"))
        var separator = false
        if !foreign.iCalendar.isEmpty {
            output.write("\"iCalendar\": ")
            writeStrings(foreign.iCalendar, to: &output)
            separator = true
        }
        if !foreign.taskwarrior.isEmpty {
            output.write(separator ? ", \"taskwarrior\": [" : "\"taskwarrior\": [")
            for (index, attribute) in foreign.taskwarrior.enumerated() {
                output.write(index == 0 ? "[" : ", [")
                writeString(attribute.name, to: &output)
                output.write(", ")
                writeString(attribute.rawJSON, to: &output)
                output.write(UInt8(ascii: "]"))
            }
            output.write(UInt8(ascii: "]"))
            separator = true
        }
        if !foreign.todoTxt.isEmpty {
            output.write(separator ? ", \"todoTxt\": " : "\"todoTxt\": ")
            writeStrings(foreign.todoTxt, to: &output)
        }
        output.write(UInt8(ascii: "}"))
    }

    /// Writes `strings` as a JSON array on one line.
    static func writeStrings(_ strings: some Sequence<String>, to output: inout ByteCursor) {
        output.write(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.write(", ") }
            writeString(string, to: &output)
        }
        output.write(UInt8(ascii: "]"))
    }

    /// Writes `text` as a JSON string literal with quotes.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func writeString(_ text: String, to output: inout ByteCursor) {
        var text = text
        text.withUTF8 { writeString(utf8: $0, to: &output) }
    }

    /// Writes the string whose UTF-8 is `bytes` as a JSON string literal with quotes: the one
    /// spelling of a string in the store (`CanonicalStoreReader` compares a file's strings with
    /// it). `bytes` must be valid UTF-8.
    /// - Complexity: O(n) in the length of `bytes`.
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteCursor) {
        output.write(UInt8(ascii: "\""))
        var runStart = 0
        while let (index, escaped) = nextEscape(in: bytes, from: runStart) {
            output.write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            writeEscape(escaped, to: &output)
            runStart = index + (bytes[index] < 0x80 ? 1 : 2)
        }
        output.write(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        output.write(UInt8(ascii: "\""))
    }

    /// Whether `writeString` writes `bytes` between its quotes unchanged, escaping nothing.
    /// - Complexity: O(n) in the length of `bytes`.
    static func writesVerbatim(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        nextEscape(in: bytes, from: 0) == nil
    }

    /// The first character at or after `start` that `writeString` escapes: its byte offset and
    /// the scalar value it escapes (below U+00A0). `"`, `\`, the C0 controls and DEL are one byte;
    /// the C1 controls (U+0080–U+009F, UTF-8 C2 80–C2 9F) two.
    private static func nextEscape(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (index: Int, escaped: UInt8)? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte < 0x7F {
                index += 1
            } else if byte < 0x80 {
                return (index, byte)
            } else if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] < 0xA0 {
                return (index, bytes[index + 1])
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Writes the escape for the scalar `value` (below U+00A0): a short form where JSON has one.
    private static func writeEscape(_ value: UInt8, to output: inout ByteCursor) {
        switch value {
        case 0x22: output.write("\\\"")
        case 0x5C: output.write("\\\\")
        case 0x0A: output.write("\\n")
        case 0x09: output.write("\\t")
        case 0x0D: output.write("\\r")
        case 0x08: output.write("\\b")
        case 0x0C: output.write("\\f")
        default:
            output.write("\\u00")
            output.write(UUIDFormat.hexDigit(value >> 4))
            output.write(UUIDFormat.hexDigit(value & 0x0F))
        }
    }

    /// Writes the decimal digits of `value` (at most 20 bytes).
    static func writeInteger(_ value: Int, to output: inout ByteCursor) {
        if value < 0 { output.write(UInt8(ascii: "-")) }
        var count = 1
        var rest = value.magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        output.writeDigits(UInt64(value.magnitude), count: count)
    }
}
