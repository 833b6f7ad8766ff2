import Foundation

/// Recognises, in one pass and without making items, a store file whose bytes are exactly what
/// `StoreEncoder.encode` writes for its items in a request's order, so that a JSON export of the
/// whole store can be the file's own bytes (`JSONStore.passthroughJSONExport(for:)`).
///
/// Recognised means all of:
/// - (a) `StoreDecoder` reads the file without error, as the current format version: every value is read
///   by `StoreReader`'s own functions, which enforce its rules (format, types, UUIDs, dates,
///   colours, priorities, counts and their bounds, UTF-8 and escapes, distinct tags), and ids are
///   checked to be distinct;
/// - (b) the file is in the encoder's one spelling: its frame and item lines as `encode` and
///   `writeItem` lay them out, byte for byte, and each value as the encoder's own writer spells it,
///   checked by writing the value read again and comparing;
/// - (c) each item comes strictly after the one before in the request's order.
///
/// Anything else (a byte order mark, other white space, keys in another order, an optional key
/// with an empty value, `\/`, a lower-case id or hex escape, a date with an offset, `-0`, version
/// 1, a newer version, any error of the reader) is "not recognised", never an error: the caller
/// takes the normal path, which reports the error if there is one.
///
/// The literals of the frame and item lines mirror `StoreEncoder.encode` and `writeItem`; the
/// randomized tests of `JSONStorePassthroughTests` hold the two together.
struct CanonicalStoreReader {
    private var reader: StoreReader
    private let order: FetchRequest
    /// Where values are written again to be compared with the file's spelling of them.
    private var scratch: [UInt8] = []
    private var ids: Set<UUID>
    private var previous: FetchRequest.OrderFields?
    private var itemCount = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, order: FetchRequest) {
        reader = StoreReader(scanner: JSONScanner(bytes: bytes, path: ""))
        self.order = order
        // A typical item line is 200–300 bytes; reserving avoids rehashing as the set grows.
        ids = Set(minimumCapacity: bytes.count / 256)
    }

    /// What `StoreEncoder.encode(StoreContents(items: items))` writes for the items of `file` in
    /// `order`, taken from `file` itself: its bytes with the generation replaced by the one
    /// `StoreContents(items:)` gives. Nil when `file` is not recognised (see the type).
    /// - Complexity: O(n) in the size of the file, plus hashing each id once. The file's buffer
    ///   becomes the export's (no copy of it when the caller hands over its only reference).
    static func export(of file: consuming [UInt8], order: FetchRequest) -> [UInt8]? {
        let found = file.withUnsafeBufferPointer { buffer in
            // The end first: a file refused only there would cost a whole pass before the normal
            // path (an editor's blank line, another version).
            guard endsAsWritten(buffer) else { return Range<Int>?.none }
            var recogniser = CanonicalStoreReader(bytes: buffer, order: order)
            return try? recogniser.readStore()
        }
        guard let generation = found else { return nil }
        let exported = StoreEncoder.bytes(items: []) { output in
            StoreEncoder.writeInteger(StoreContents(items: []).generation, to: &output)
        }
        var bytes = file
        bytes.replaceSubrange(generation, with: exported)
        return bytes
    }

    private var position: Int { reader.scanner.position }

    /// Whether `bytes` end as `StoreEncoder.encode` ends a file, with the version it writes.
    private static func endsAsWritten(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let tail = StoreEncoder.bytes(items: []) { output in
            output.write("],\n  \"version\": ")
            StoreEncoder.writeInteger(StoreError.supportedVersion, to: &output)
            output.write("\n}\n")
        }
        return bytes.count >= tail.count && bytes[(bytes.count - tail.count)...].elementsEqual(tail)
    }

    // MARK: The frame

    /// Reads the whole file as `StoreEncoder.encode` writes it.
    /// - Returns: where the generation's digits stand; nil when the file is not recognised.
    /// - Throws: what `StoreReader` throws for a value it refuses (also not recognised).
    private mutating func readStore() throws(StoreError) -> Range<Int>? {
        guard consume("{\n  \"format\": \"todo-tui\",\n  \"generation\": ") else { return nil }
        let start = position
        let generation = try reader.readCount(.generation, context: nil)
        let digits = start..<position
        guard isSpelled(digits, bound: 20, { StoreEncoder.writeInteger(generation, to: &$0) }),
            consume(",\n  \"items\": [")
        else { return nil }
        if !consume("],\n  \"lists\": ") {
            guard consume("\n    ") else { return nil }
            repeat {
                guard try readItem() else { return nil }
            } while consume(",\n    ")
            guard consume("\n  ],\n  \"lists\": ") else { return nil }
        }
        let listsStart = position
        let lists = try reader.readLists()
        guard
            isSpelled(
                listsStart..<position, bound: StoreEncoder.listsBound(lists),
                {
                    StoreEncoder.writeLists(lists, first: "[\n    ", separator: ",\n    ", last: "\n  ]", to: &$0)
                }),
            consume(",\n  \"version\": ")
        else { return nil }
        let versionStart = position
        let version = try reader.readVersion()
        // Older versions are read differently (`StoreContents.upgradeItems(in:)`): only the
        // version the export writes passes through.
        guard version == StoreError.supportedVersion,
            isSpelled(versionStart..<position, bound: 20, { StoreEncoder.writeInteger(version, to: &$0) }),
            consume("\n}\n"), reader.scanner.isAtEnd
        else { return nil }
        return digits
    }

    // MARK: Items

    /// Reads one item line as `StoreEncoder.writeItem` writes it, checking its id is new and
    /// that it comes after the item before in `order`.
    private mutating func readItem() throws(StoreError) -> Bool {
        itemCount += 1
        let context = StoreReader.ItemContext(number: itemCount, start: position)
        guard consume("{") else { return false }
        var start = position
        if consume("\"alarms\": ") {
            start = position
            let alarms = try reader.readAlarms(context: context)
            guard
                isSpelled(
                    start..<position, bound: bound(from: start),
                    { StoreEncoder.writeStrings(alarms.lazy.flatMap(\.lines), to: &$0) }),
                consume(", ")
            else { return false }
        }
        guard consume("\"color\": ") else { return false }
        start = position
        let color = try reader.readColor(context: context)
        guard isQuotedName(color.rawValue, from: start) else { return false }
        var isDone: Bool?
        if consume(", \"completedAt\": ") {
            guard try readTimestamp(.completedAt, context: context) != nil else { return false }
            isDone = true
        }
        guard consume(", \"createdAt\": "), let createdAt = try readTimestamp(.createdAt, context: context) else {
            return false
        }
        var date: Date?
        if consume(", \"date\": ") {
            guard let read = try readTimestamp(.date, context: context) else { return false }
            date = read
        }
        guard consume(", ") else { return false }
        if consume("\"foreign\": ") {
            start = position
            let foreign = try reader.readForeign(context: context)
            guard !foreign.isEmpty,
                isSpelled(start..<position, bound: bound(from: start), { StoreEncoder.writeForeign(foreign, to: &$0) }),
                consume(", ")
            else { return false }
        }
        if date != nil {
            guard consume("\"hasTime\": true, ") || consume("\"hasTime\": false, ") else { return false }
        }
        guard consume("\"id\": ") else { return false }
        start = position
        let id = try reader.readID(context: context)
        let file = reader.scanner.bytes
        guard UUIDFormat.isWrittenForm(UnsafeBufferPointer(rebasing: file[start + 1..<position - 1])),
            ids.insert(id).inserted, isAfterPrevious(date: date, createdAt: createdAt, id: id)
        else { return false }
        if isDone == true {
            guard consume(", \"isDone\": true, ") else { return false }
        } else {
            guard consume(", \"isDone\": true, ") || consume(", \"isDone\": false, ") else { return false }
        }
        if consume("\"list\": ") {
            start = position
            let list = try reader.readID(context: context)
            guard list != TodoList.standardID,
                UUIDFormat.isWrittenForm(UnsafeBufferPointer(rebasing: file[start + 1..<position - 1])), consume(", ")
            else { return false }
        }
        guard consume("\"modifiedAt\": ") else { return false }
        guard try readTimestamp(.modifiedAt, context: context) != nil, consume(", ") else { return false }
        if consume("\"notes\": ") {
            guard try readString(.notes, nonEmpty: true, context: context), consume(", ") else { return false }
        }
        if consume("\"priority\": ") {
            start = position
            let priority = try reader.readPriority(context: context)
            guard priority != .none, isQuotedName(priority.name, from: start), consume(", ")
            else { return false }
        }
        if consume("\"repeat\": ") {
            start = position
            let repetition = try reader.readRepetition(context: context)
            guard
                isSpelled(
                    start..<position, bound: bound(from: start), { StoreEncoder.writeRepetition(repetition, to: &$0) }),
                consume(", ")
            else { return false }
        }
        if consume("\"start\": ") {
            guard try readTimestamp(.start, context: context) != nil,
                consume(", \"startHasTime\": true, ") || consume(", \"startHasTime\": false, ")
            else { return false }
        }
        if consume("\"tags\": ") {
            start = position
            let tags = try reader.readTags(context: context)
            guard !tags.isEmpty,
                isSpelled(start..<position, bound: bound(from: start), { StoreEncoder.writeStrings(tags, to: &$0) }),
                consume(", ")
            else { return false }
        }
        guard consume("\"text\": "), try readString(.text, nonEmpty: false, context: context),
            consume(", \"version\": ")
        else { return false }
        start = position
        let version = try reader.readCount(.version, context: context)
        return isSpelled(start..<position, bound: 20, { StoreEncoder.writeInteger(version, to: &$0) })
            && consume("}")
    }

    /// Whether an item dated `date` (nil: no date), created at `createdAt`, with `id` comes
    /// strictly after the previous item in `order` (ids are distinct, so the order is strict);
    /// remembers it as the previous item.
    private mutating func isAfterPrevious(date: Date?, createdAt: Date, id: UUID) -> Bool {
        let current = FetchRequest.OrderFields(date: date, createdAt: createdAt, id: id)
        defer { previous = current }
        guard let previous else { return true }
        return order.areInIncreasingOrder(fields: previous, current) == true
    }

    /// Reads a timestamp, spelled as the encoder writes the date a `TodoItem` made from it holds.
    /// - Returns: that date; nil when the spelling differs.
    private mutating func readTimestamp(_ key: StoreKey, context: StoreReader.ItemContext) throws(StoreError) -> Date? {
        let start = position
        // As `StoreReader.readItem` and `TodoItem.init` make the item's date.
        let date = Date(millisecondsSince1970: try reader.readTimestamp(key, context: context)).roundedToMilliseconds
        let milliseconds = date.millisecondsSince1970
        // The encoder cannot write a date outside its range (a precondition): leave it to the normal path.
        let file = reader.scanner.bytes
        guard TimestampFormat.representableMilliseconds.contains(milliseconds),
            TimestampFormat.isWrittenForm(UnsafeBufferPointer(rebasing: file[start + 1..<position - 1]))
        else { return nil }
        return date
    }

    /// Reads a string as `StoreReader` reads `key`'s, spelled as `StoreEncoder.writeString`
    /// writes it, and not empty when `nonEmpty` (the encoder leaves empty notes out).
    private mutating func readString(
        _ key: StoreKey, nonEmpty: Bool, context: StoreReader.ItemContext
    ) throws(StoreError) -> Bool {
        let start = position
        try reader.expectValue(.string, named: "\"\(key.name)\"", context: context)
        let text = try reader.scanner.scanString()
        let range = start..<position
        switch text {
        case .raw(let content):
            // No escape in the file: spelled as written exactly when the encoder escapes nothing.
            return (!nonEmpty || !content.isEmpty)
                && StoreEncoder.writesVerbatim(utf8: UnsafeBufferPointer(rebasing: reader.scanner.bytes[content]))
        case .decoded(let content):
            return content.withUnsafeBufferPointer { isSpelled(string: $0, as: range, nonEmpty) }
        }
    }

    private mutating func isSpelled(
        string utf8: UnsafeBufferPointer<UInt8>, as range: Range<Int>, _ nonEmpty: Bool
    )
        -> Bool
    {
        guard !nonEmpty || !utf8.isEmpty else { return false }
        return isSpelled(range, bound: 6 * utf8.count + 2) { StoreEncoder.writeString(utf8: utf8, to: &$0) }
    }

    // MARK: Bytes

    /// Consumes `literal` if the file has exactly it at the current position.
    private mutating func consume(_ literal: StaticString) -> Bool {
        let end = position + literal.utf8CodeUnitCount
        guard end <= reader.scanner.bytes.count,
            UnsafeBufferPointer(rebasing: reader.scanner.bytes[position..<end]).isSpelled(literal)
        else { return false }
        reader.scanner.position = end
        return true
    }

    /// A bound on what the encoder writes for a value (strings, arrays of them, `foreign`) that
    /// the file spells from `start` to the current position: a string's bytes decode to at most
    /// as many bytes, each written as at most six, plus quotes and separators.
    private func bound(from start: Int) -> Int {
        8 * (position - start) + 64
    }

    /// Whether the string value from `start` to the current position is exactly `name` (a colour
    /// or priority name, as the encoder writes it).
    private mutating func isQuotedName(_ name: String, from start: Int) -> Bool {
        var name = name
        return isQuoted(from: start, bound: 16) { output in name.withUTF8 { output.write($0) } }
    }

    /// Whether the string value from `start` to the current position holds exactly what `write`
    /// writes (at most `bound` bytes) between its quotes.
    private mutating func isQuoted(from start: Int, bound: Int, _ write: (inout ByteCursor) -> Void) -> Bool {
        // The reader read a string here, so the first and last bytes are its quotes.
        isSpelled(start + 1..<position - 1, bound: bound, write)
    }

    /// Whether the file's bytes in `range` are exactly what `write` writes, which must write at
    /// most `bound` bytes.
    private mutating func isSpelled(_ range: Range<Int>, bound: Int, _ write: (inout ByteCursor) -> Void) -> Bool {
        if scratch.count < bound {
            scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count))
        }
        let file = reader.scanner.bytes
        return scratch.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let fileBase = file.baseAddress else { return false }
            var output = ByteCursor(UnsafeMutableBufferPointer(rebasing: buffer[0..<bound]))
            write(&output)
            let count = output.position - base
            return count == range.count && memcmp(base, fileBase + range.lowerBound, count) == 0
        }
    }
}
