import Foundation

/// The store format's shape on top of `JSONScanner`: the top-level object and the items.
///
/// Used only through `StoreDecoder`; one reader parses one file once.
struct StoreReader {
    /// Where an item starts and what is known of it, for messages about it.
    struct ItemContext {
        let number: Int
        let start: Int
        var id: UUID?
    }

    var scanner: JSONScanner

    var path: String { scanner.path }

    // MARK: Top level

    /// Parses the whole file.
    mutating func readStore() throws(StoreError) -> StoreContents {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        try expectValue(.object, named: "the top level", context: nil)
        var contents = StoreContents()
        var run = ItemRun(expectedBytes: 0)
        var listsOffset: Int?
        try readObject(keys: StoreKey.topLevel, optional: StoreKey.optionalTopLevelKeys, context: nil) {
            (reader, key) throws(StoreError) in
            switch key {
            case .format: try reader.readFormat()
            case .generation: contents.generation = try reader.readCount(key, context: nil)
            case .items: run = try reader.readIndexedItems()
            case .lists:
                listsOffset = reader.scanner.position
                contents.lists = try reader.readLists()
            default: contents.formatVersion = try reader.readVersion()
            }
        }
        if let listsOffset, contents.formatVersion < StoreKey.lists.introducedIn {
            throw dataError(
                at: listsOffset, context: nil,
                "the key \"lists\" is not part of a version-\(contents.formatVersion) store")
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            let (line, column) = scanner.location(of: scanner.position)
            throw .trailingData(path: path, line: line, column: column)
        }
        try checkItemKeys(of: run, version: contents.formatVersion)
        contents.items = run.items
        contents.idPositions = run.positions
        return contents
    }

    /// Refuses items whose keys do not belong to the file's version: a key a newer version
    /// introduced, an item without `date` before version 3, a version-2 or later item with a
    /// date and without `hasTime`, and from version 3 on a key without its partner (`hasTime`
    /// without `date`, `start` without `startHasTime` or the reverse). (The version may come
    /// after the items, so this is checked once the whole file is read.)
    func checkItemKeys(of run: ItemRun, version: Int) throws(StoreError) {
        func refuse(_ index: Int, _ problem: String) -> StoreError {
            let context = ItemContext(number: index + 1, start: run.starts[index], id: run.items[index].id)
            return dataError(at: run.starts[index], context: context, problem)
        }
        let shapes = run.shapes
        let newer = shapes.firstKeyOfVersion.indices.filter { $0 > version }.compactMap { shapes.firstKeyOfVersion[$0] }
        if let (index, key) = newer.min(by: { $0.index < $1.index }) {
            throw refuse(index, "the key \"\(key.name)\" is not part of a version-\(version) item")
        }
        if version < 3, let index = shapes.firstWithoutDate {
            throw refuse(index, "the key \"date\" is missing")
        }
        if version >= 2, let index = shapes.firstWithoutTimeOfDay {
            throw refuse(index, "the key \"hasTime\" is missing")
        }
        if version >= 3, let (index, missing) = shapes.firstUnpaired {
            throw refuse(index, "the key \"\(missing.name)\" is missing")
        }
    }

    private mutating func readFormat() throws(StoreError) {
        try expectValue(.string, named: "\"format\"", context: nil)
        let text = try scanner.scanString()
        let format = scanner.string(text)
        guard format == "todo-tui" else {
            throw .wrongFormat(path: path, found: StoreError.quoted(format))
        }
    }

    /// The format version: from 1 (older versions are read, and upgraded by the next save) to
    /// `StoreError.supportedVersion`.
    mutating func readVersion() throws(StoreError) -> Int {
        let offset = scanner.position
        let version = try readCount(.version, context: nil)
        if version > StoreError.supportedVersion { throw .newerVersion(path: path, version: version) }
        guard version >= 1 else {
            throw dataError(
                at: offset, context: nil,
                "\"version\" must be a whole number from 1 to \(StoreError.supportedVersion), found \(version)")
        }
        return version
    }

    // MARK: Items

    /// Parses the items array, refusing duplicate ids.
    /// - Complexity: O(n) in the size of the array, plus hashing each id once.
    mutating func readItems() throws(StoreError) -> [TodoItem] {
        try readIndexedItems().items
    }

    /// Parses the items array, refusing duplicate ids, with the position of every id in it.
    /// - Complexity: O(n) in the size of the array, plus hashing each id once.
    mutating func readIndexedItems() throws(StoreError) -> ItemRun {
        try expectValue(.array, named: "\"items\"", context: nil)
        scanner.position += 1
        scanner.skipWhitespace()
        var run = ItemRun(expectedBytes: scanner.bytes.count - scanner.position)
        if !scanner.consume(UInt8(ascii: "]")) {
            _ = try readItems(into: &run, stoppingAt: nil)
        }
        return run
    }

    /// Reads comma-separated items from the current position, which is an item's start, and the
    /// closing `]`; or stops without reading on when the next item would start at `boundary`.
    /// Ids repeated within `run` are refused. Error messages number the items from the run's
    /// first, so a run that does not start the array must not report its errors.
    /// - Returns: true when it stopped at `boundary`, false at the end of the array.
    mutating func readItems(into run: inout ItemRun, stoppingAt boundary: Int?) throws(StoreError) -> Bool {
        repeat {
            scanner.skipWhitespace()
            if scanner.position == boundary { return true }
            let start = scanner.position
            let item = try readItem(number: run.items.count + 1, into: &run)
            let id = item.id
            if let first = run.positions.updateValue(Int32(run.items.count), forKey: id) {
                throw .duplicateID(
                    path: path, id: id,
                    firstLine: scanner.location(of: run.starts[Int(first)]).line,
                    secondLine: scanner.location(of: start).line
                )
            }
            // Moved, not copied: a copy retains every string and array of the item.
            run.items.append(consume item)
            run.starts.append(start)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return false
    }

    /// Reads one item; notes its keys in `run` for `checkItemKeys`.
    private mutating func readItem(number: Int, into run: inout ItemRun) throws(StoreError) -> TodoItem {
        var context = ItemContext(number: number, start: scanner.position)
        try expectValue(.object, named: "an item", context: context)
        var text: String?
        var color = TodoColor.default
        var isDone = false
        var version = 0
        var date: Int64?, createdAt: Int64 = 0, modifiedAt: Int64 = 0
        var notes = "", priority = TodoPriority.none, tags = TodoTags(), hasTime = true, foreign = ForeignProperties()
        var start: Int64?, startHasTime = true, completedAt: (value: Int64, offset: Int)?, alarms: [TodoAlarm] = []
        var repetition: ItemRepetition?
        var listID: UUID?
        let seen = try readObject(keys: StoreKey.item, optional: StoreKey.optionalItemKeys, context: context) {
            (reader, key) throws(StoreError) in
            switch key {
            case .color: color = try reader.readColor(context: context)
            case .createdAt: createdAt = try reader.readTimestamp(key, context: context)
            case .date: date = try reader.readTimestamp(key, context: context)
            case .id: context.id = try reader.readID(context: context)
            case .isDone: isDone = try reader.readBool(key, context: context)
            case .modifiedAt: modifiedAt = try reader.readTimestamp(key, context: context)
            case .text: text = try reader.readText(key, context: context)
            case .notes: notes = try reader.readText(key, context: context)
            case .priority: priority = try reader.readPriority(context: context)
            case .tags: tags = try reader.readTags(context: context)
            case .hasTime: hasTime = try reader.readBool(key, context: context)
            case .foreign: foreign = try reader.readForeign(context: context)
            case .start: start = try reader.readTimestamp(key, context: context)
            case .startHasTime: startHasTime = try reader.readBool(key, context: context)
            case .repetition: repetition = try reader.readRepetition(context: context)
            case .list:
                listID = try reader.readString(
                    key, context: context, usualLength: UUIDFormat.writtenLength, problem: "a UUID", UUIDFormat.parse)
            case .alarms: alarms = try reader.readAlarms(context: context)
            case .completedAt:
                let offset = reader.scanner.position
                completedAt = (try reader.readTimestamp(key, context: context), offset)
            default: version = try reader.readCount(key, context: context)
            }
        }
        guard let id = context.id, let text else {
            preconditionFailure("readObject returned without all of an item's keys")
        }
        if let completedAt, !isDone {
            throw dataError(
                at: completedAt.offset, context: context, "\"completedAt\" is set on an item that is not done")
        }
        run.shapes.note(index: run.items.count, seen: seen)
        var item = TodoItem(
            id: id, text: text, date: date.map(Date.init(millisecondsSince1970:)), color: color, isDone: isDone,
            createdAt: Date(millisecondsSince1970: createdAt),
            modifiedAt: Date(millisecondsSince1970: modifiedAt), version: version,
            notes: notes, priority: priority, tags: tags, hasTime: hasTime, foreign: foreign,
            start: start.map(Date.init(millisecondsSince1970:)), startHasTime: startHasTime,
            completedAt: completedAt.map { Date(millisecondsSince1970: $0.value) }, repetition: repetition
        )
        if let listID { item.listID = listID }
        if !alarms.isEmpty { item.alarms = alarms + item.alarms }
        return item
    }

    // MARK: Objects

    /// Reads an object whose opening brace is current, calling `value` for each known key with
    /// the scanner at the key's value; refuses unknown, repeated and missing keys.
    /// - Returns: the keys read, as a set of `StoreKey.bit`s.
    @discardableResult
    mutating func readObject(
        keys: [StoreKey], optional: UInt32 = 0, context: ItemContext?,
        value: (inout StoreReader, StoreKey) throws(StoreError) -> Void
    ) throws(StoreError) -> UInt32 {
        scanner.position += 1
        scanner.skipWhitespace()
        let allowed = keys.reduce(0) { $0 | $1.bit }
        var seen: UInt32 = 0
        var index = 0
        if !scanner.consume(UInt8(ascii: "}")) {
            repeat {
                scanner.skipWhitespace()
                // Files this program wrote list the keys in sorted order: try the next one first,
                // and past it the optional keys that may have been left out, before the slow path.
                var expected: StoreKey?
                var probe = index
                while probe < keys.count {
                    if seen & keys[probe].bit == 0, consumeKey(keys[probe]) {
                        expected = keys[probe]
                        break
                    }
                    guard optional & keys[probe].bit != 0 else { break }
                    probe += 1
                }
                let key: StoreKey
                if let expected {
                    key = expected
                } else {
                    key = try readKey(allowed: allowed, context: context, seen: seen)
                }
                index = (keys.firstIndex(of: key) ?? index) + 1
                seen |= key.bit
                scanner.skipWhitespace()
                try scanner.expect(UInt8(ascii: ":"), "':' after a key")
                scanner.skipWhitespace()
                try value(&self, key)
                scanner.skipWhitespace()
            } while scanner.consume(UInt8(ascii: ","))
            try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
        }
        if seen | optional != allowed | optional, let missing = keys.first(where: { (seen | optional) & $0.bit == 0 }) {
            throw dataError(at: scanner.position - 1, context: context, "the key \"\(missing.name)\" is missing")
        }
        return seen
    }

    private mutating func readKey(allowed: UInt32, context: ItemContext?, seen: UInt32) throws(StoreError) -> StoreKey {
        let offset = scanner.position
        guard scanner.current == UInt8(ascii: "\"") else {
            throw scanner.syntaxError(expected: "a key in double quotes")
        }
        let text = try scanner.scanString()
        guard let key = scanner.withBytes(of: text, StoreKey.init), allowed & key.bit != 0 else {
            let owner = context == nil ? "the store format" : "an item"
            throw dataError(
                at: offset, context: context,
                "the key \(StoreError.quoted(scanner.string(text))) is not part of \(owner)")
        }
        guard seen & key.bit == 0 else {
            throw dataError(at: offset, context: context, "the key \"\(key.name)\" appears twice")
        }
        return key
    }

    /// Consumes `"<key>"` if it stands at the current position, spelled without escapes.
    private mutating func consumeKey(_ key: StoreKey) -> Bool {
        let spelling = key.spelling
        let start = scanner.position + 1
        let end = start + spelling.utf8CodeUnitCount
        guard end < scanner.bytes.count, scanner.bytes[scanner.position] == UInt8(ascii: "\""),
            scanner.bytes[end] == UInt8(ascii: "\""),
            UnsafeBufferPointer(rebasing: scanner.bytes[start..<end]).isSpelled(spelling)
        else { return false }
        scanner.position = end + 1
        return true
    }

    // MARK: Values

    /// Checks that a value of `kind` starts here; a different value is a shape error, no value
    /// at all a syntax error.
    func expectValue(
        _ kind: JSONScanner.ValueKind, named name: @autoclosure () -> String, context: ItemContext?
    ) throws(StoreError) {
        guard let found = scanner.valueKind else { throw scanner.syntaxError(expected: "a value") }
        guard found == kind else {
            throw dataError(at: scanner.position, context: context, "\(name()) must be \(kind), found \(found)")
        }
    }

    /// The largest count (`generation`, `version`) a file may hold: 2^53, the largest whole
    /// number every JSON reader keeps exactly.
    ///
    /// Bounding counts at load leaves room for every `+ 1` the context and the controller do on
    /// them, so no arithmetic on a value read from a file can overflow; a file above the bound
    /// is refused with its position instead. At one save a second, 2^53 saves take 285 million
    /// years.
    static let largestCount = 1 << 53

    /// A whole number from 0 to `largestCount` for `key`, or a data error at its position.
    mutating func readCount(_ key: StoreKey, context: ItemContext?) throws(StoreError) -> Int {
        let offset = scanner.position
        try expectValue(.number, named: "\"\(key.name)\"", context: context)
        switch try scanner.scanNumber() {
        case .integer(let value) where value >= 0 && value <= Self.largestCount:
            return value
        case .integer, .fractional, .outOfRange:
            let text = String(
                decoding: UnsafeBufferPointer(rebasing: scanner.bytes[offset..<scanner.position]), as: UTF8.self)
            throw dataError(
                at: offset, context: context,
                "\"\(key.name)\" must be a whole number from 0 to \(Self.largestCount), found \(text)")
        }
    }

    private mutating func readBool(_ key: StoreKey, context: ItemContext) throws(StoreError) -> Bool {
        try expectValue(.boolean, named: "\"\(key.name)\"", context: context)
        return try scanner.scanLiteral() == true
    }

    private mutating func readText(_ key: StoreKey, context: ItemContext) throws(StoreError) -> String {
        try expectValue(.string, named: "\"\(key.name)\"", context: context)
        return scanner.string(try scanner.scanString())
    }

    mutating func readPriority(context: ItemContext) throws(StoreError) -> TodoPriority {
        try readString(.priority, context: context, usualLength: nil, problem: "one of none, low, medium, high") {
            bytes in
            TodoPriority.allCases.first { priority in
                var name = priority.name
                return name.withUTF8 { $0.elementsEqual(bytes) }
            }
        }
    }

    /// An array of distinct strings.
    mutating func readTags(context: ItemContext) throws(StoreError) -> TodoTags {
        var tags = TodoTags()
        try readStringArray(named: "\"tags\"", context: context) { (reader, offset, tag) throws(StoreError) in
            guard tags.insert(tag) else {
                throw reader.dataError(at: offset, context: context, "\"tags\" lists \(StoreError.quoted(tag)) twice")
            }
        }
        return tags
    }

    /// `{"iCalendar": [lines], "taskwarrior": [[name, rawJSON], …], "todoTxt": [tokens]}`, each
    /// key optional.
    mutating func readForeign(context: ItemContext) throws(StoreError) -> ForeignProperties {
        try expectValue(.object, named: "\"foreign\"", context: context)
        var foreign = ForeignProperties()
        try readMembers(of: "foreign", context: context) { (reader, name) throws(StoreError) in
            switch name {
            case "iCalendar":
                try reader.readStringArray(named: "\"foreign.iCalendar\"", context: context) { _, _, line in
                    foreign.iCalendar.append(line)
                }
            case "todoTxt":
                try reader.readStringArray(named: "\"foreign.todoTxt\"", context: context) { _, _, token in
                    foreign.todoTxt.append(token)
                }
            case "taskwarrior":
                foreign.taskwarrior = try reader.readForeignAttributes(context: context)
            default:
                return false
            }
            return true
        }
        return foreign
    }

    /// Reads the members of an object of free-form keys (`foreign`, `repeat`) whose opening brace
    /// is current, calling `member` with the scanner at each key's value; `member` returns false
    /// for a key that is not part of the object. Refuses a key given twice or not part of it,
    /// naming `object`.
    mutating func readMembers(
        of object: String, context: ItemContext,
        _ member: (inout StoreReader, String) throws(StoreError) -> Bool
    ) throws(StoreError) {
        var seen: Set<String> = []
        scanner.position += 1
        scanner.skipWhitespace()
        guard !scanner.consume(UInt8(ascii: "}")) else { return }
        repeat {
            scanner.skipWhitespace()
            let offset = scanner.position
            guard scanner.current == UInt8(ascii: "\"") else {
                throw scanner.syntaxError(expected: "a key in double quotes")
            }
            let name = scanner.string(try scanner.scanString())
            guard seen.insert(name).inserted else {
                throw dataError(
                    at: offset, context: context,
                    "the key \(StoreError.quoted(name)) appears twice in \(StoreError.quoted(object))")
            }
            scanner.skipWhitespace()
            try scanner.expect(UInt8(ascii: ":"), "':' after a key")
            scanner.skipWhitespace()
            guard try member(&self, name) else {
                throw dataError(
                    at: offset, context: context,
                    "the key \(StoreError.quoted(name)) is not part of \(StoreError.quoted(object))")
            }
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "}"), "',' or '}'")
    }

    /// `["BEGIN:VALARM", …, "END:VALARM", …]`: the lines of every alarm, one block after another.
    mutating func readAlarms(context: ItemContext) throws(StoreError) -> [TodoAlarm] {
        let start = scanner.position
        var lines: [String] = []
        try readStringArray(named: "\"alarms\"", context: context) { _, _, line in lines.append(line) }
        let (alarms, rest) = TodoAlarm.extract(from: lines)
        guard rest.isEmpty, !alarms.isEmpty else {
            throw dataError(
                at: start, context: context, "\"alarms\" holds lines outside a BEGIN:VALARM … END:VALARM block")
        }
        return alarms
    }

    /// `[[name, rawJSON], …]`.
    private mutating func readForeignAttributes(context: ItemContext) throws(StoreError) -> [ForeignAttribute] {
        try expectValue(.array, named: "\"foreign.taskwarrior\"", context: context)
        var attributes: [ForeignAttribute] = []
        scanner.position += 1
        scanner.skipWhitespace()
        guard !scanner.consume(UInt8(ascii: "]")) else { return attributes }
        repeat {
            scanner.skipWhitespace()
            let offset = scanner.position
            var pair: [String] = []
            try readStringArray(named: "an attribute of \"foreign.taskwarrior\"", context: context) { _, _, part in
                pair.append(part)
            }
            guard pair.count == 2 else {
                throw dataError(
                    at: offset, context: context,
                    "an attribute of \"foreign.taskwarrior\" must be [name, JSON text], found \(pair.count) strings")
            }
            attributes.append(ForeignAttribute(name: pair[0], rawJSON: pair[1]))
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return attributes
    }

    /// Reads an array of strings, calling `element` with each string and where it starts.
    private mutating func readStringArray(
        named name: @autoclosure () -> String, context: ItemContext,
        _ element: (inout StoreReader, Int, String) throws(StoreError) -> Void
    ) throws(StoreError) {
        try expectValue(.array, named: name(), context: context)
        scanner.position += 1
        scanner.skipWhitespace()
        guard !scanner.consume(UInt8(ascii: "]")) else { return }
        repeat {
            scanner.skipWhitespace()
            let offset = scanner.position
            try expectValue(.string, named: "each element of \(name())", context: context)
            let string = scanner.string(try scanner.scanString())
            try element(&self, offset, string)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
    }

    /// Reads a string value and converts its bytes with `parse`, or reports `problem` with the
    /// string quoted.
    private mutating func readString<T>(
        _ key: StoreKey, context: ItemContext, usualLength: Int?, problem: @autoclosure () -> String,
        _ parse: (UnsafeBufferPointer<UInt8>) -> T?
    ) throws(StoreError) -> T {
        let offset = scanner.position
        // Fast path for the length this program writes: `parse` accepts only printable ASCII
        // without quotes or backslashes, so a success there is a complete, valid JSON string.
        if let usualLength, case let end = offset + usualLength + 1, end < scanner.bytes.count,
            scanner.bytes[offset] == UInt8(ascii: "\""), scanner.bytes[end] == UInt8(ascii: "\""),
            let value = parse(UnsafeBufferPointer(rebasing: scanner.bytes[offset + 1..<end]))
        {
            scanner.position = end + 1
            return value
        }
        try expectValue(.string, named: "\"\(key.name)\"", context: context)
        let text = try scanner.scanString()
        guard let value = scanner.withBytes(of: text, parse) else {
            throw dataError(
                at: offset, context: context,
                "\"\(key.name)\" must be \(problem()), found \(StoreError.quoted(scanner.string(text)))")
        }
        return value
    }

    mutating func readTimestamp(_ key: StoreKey, context: ItemContext) throws(StoreError) -> Int64 {
        try readString(
            key, context: context, usualLength: TimestampFormat.writtenLength,
            problem: "an ISO-8601 date and time such as 2025-01-31T09:15:00.000Z", TimestampFormat.parse)
    }

    mutating func readID(context: ItemContext) throws(StoreError) -> UUID {
        try readString(
            .id, context: context, usualLength: UUIDFormat.writtenLength, problem: "a UUID", UUIDFormat.parse)
    }

    mutating func readColor(context: ItemContext) throws(StoreError) -> TodoColor {
        try readString(
            .color, context: context, usualLength: nil,
            problem: "one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))"
        ) { bytes in
            TodoColor.allCases.first { color in
                var name = color.rawValue
                return name.withUTF8 { $0.elementsEqual(bytes) }
            }
        }
    }

    // MARK: Errors

    /// A shape error at `offset`, naming the item and, when it can be found, its id.
    func dataError(at offset: Int, context: ItemContext?, _ problem: String) -> StoreError {
        let (line, column) = scanner.location(of: offset)
        let id = context.flatMap { $0.id ?? idLookingAhead(from: $0.start) }
        return .invalidData(path: path, line: line, column: column, item: context?.number, id: id, problem: problem)
    }
}
