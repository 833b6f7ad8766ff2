extension JSONStore {
    /// The to-dos that may have alarms, as `load()` would give them: every item of the journal,
    /// and the items of the store file whose line mentions alarms (`"alarms"`, or `BEGIN:VALARM`
    /// among the foreign lines of a format-3 file, which hold a phone's alarms until the first
    /// save) or a snooze (`X-MOZ-SNOOZE-TIME`) — what `todo-tui remind` looks at, without
    /// decoding the rest.
    ///
    /// It applies to a file in this program's layout (one item per line inside `"items": [`);
    /// any other file is loaded whole. The lines it skips are not read, so a broken item among
    /// them is reported by the next command that reads the whole store, not by this one; nothing
    /// is written either way.
    /// - Throws: as `load()`, for what it reads.
    /// - Complexity: O(size of the file) in a byte search, plus decoding the kept items.
    package func loadItemsMentioningAlarms() throws(StoreError) -> [TodoItem] {
        let journal = try readJournal()
        guard let bytes = try StoreFile.read(path),
            let kept = Self.itemLines(of: bytes, mentioningAny: Self.alarmNeedles)
        else { return try load().items }
        var contents = try StoreDecoder.decodeAsWritten(kept, path: path)
        contents.apply(try journal.batches(after: contents.generation, generations: journal.generations()))
        contents.upgradeItems(in: calendar)
        return contents.items
    }

    private static let alarmNeedles = [
        Array("\"alarms\"".utf8), Array("BEGIN:VALARM".utf8), Array("X-MOZ-SNOOZE-TIME".utf8),
    ]

    /// `bytes` with only the item lines holding one of `needles` (commas mended), or nil when the
    /// file is not laid out one item per line.
    /// - Complexity: O(n) in the size of `bytes`.
    static func itemLines(of bytes: [UInt8], mentioningAny needles: [[UInt8]]) -> [UInt8]? {
        let opening = Array("  \"items\": [".utf8)
        let itemStart = Array("    {".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(4_096)
        var inItems = false
        var closed = false
        var kept: [ArraySlice<UInt8>] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            if closed || !inItems {
                output += line
                output.append(UInt8(ascii: "\n"))
                if !closed, line.elementsEqual(opening) { inItems = true }
                continue
            }
            if line.starts(with: itemStart) {
                if needles.contains(where: { contains(line, $0) }) {
                    kept.append(line.last == UInt8(ascii: ",") ? line.dropLast() : line)
                }
                continue
            }
            guard line.elementsEqual(Array("  ],".utf8)) || line.elementsEqual(Array("  ]".utf8)) else { return nil }
            for (index, item) in kept.enumerated() {
                output += item
                output += index == kept.count - 1 ? [UInt8(ascii: "\n")] : Array(",\n".utf8)
            }
            output += line
            output.append(UInt8(ascii: "\n"))
            closed = true
        }
        return closed ? output : nil
    }

    /// Whether `line` holds `needle`.
    private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var from = line.startIndex
        while let found = line[from...].firstIndex(of: first) {
            if line[found...].starts(with: needle) { return true }
            from = found + 1
        }
        return false
    }
}
