import Foundation

/// Journal records: one JSON object per line, `{"generation": N, "items": [...], "removed": [...]}`,
/// with `"lists": [...]` before `removed` in a record that changed the lists.
///
/// The scanner's bytes run from the start of the journal to the end of the record's line (its
/// newline excluded), so that errors count lines from the top of the journal.
extension StoreReader {
    /// Parses the record that starts at the current position and ends the bytes.
    /// - Throws: `StoreError` as for a store file: bad JSON, a wrong shape, unknown, missing or
    ///   repeated keys, bad items, an id listed twice or both changed and removed, and anything
    ///   after the object on its line.
    /// - Complexity: O(n) in the length of the record.
    mutating func readRecord() throws(StoreError) -> StoreBatch {
        let start = scanner.position
        try expectValue(.object, named: "a journal record", context: nil)
        var batch = StoreBatch(generation: 0)
        try readObject(keys: StoreKey.record, optional: StoreKey.lists.bit, context: nil) {
            (reader, key) throws(StoreError) in
            switch key {
            case .generation: batch.generation = try reader.readCount(key, context: nil)
            case .items: batch.items = try reader.readItems()
            case .lists: batch.lists = try reader.readLists()
            default: batch.removedIDs = try reader.readRemovedIDs()
            }
        }
        let changed = Set(batch.items.map(\.id))
        if let both = batch.removedIDs.first(where: changed.contains) {
            throw dataError(
                at: start, context: nil, "the id \(both.uuidString) is both changed and removed in one journal record")
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            let (line, column) = scanner.location(of: scanner.position)
            throw .trailingData(path: path, line: line, column: column)
        }
        guard batch.generation > 0 else {
            throw dataError(at: start, context: nil, "a journal record's \"generation\" must be at least 1")
        }
        return batch
    }

    /// Parses the `removed` array of ids, refusing an id listed twice.
    private mutating func readRemovedIDs() throws(StoreError) -> [UUID] {
        try expectValue(.array, named: "\"removed\"", context: nil)
        scanner.position += 1
        var ids: [UUID] = []
        var seen: Set<UUID> = []
        scanner.skipWhitespace()
        if scanner.consume(UInt8(ascii: "]")) { return ids }
        repeat {
            scanner.skipWhitespace()
            let offset = scanner.position
            try expectValue(.string, named: "a removed id", context: nil)
            let text = try scanner.scanString()
            guard let id = scanner.withBytes(of: text, UUIDFormat.parse) else {
                throw dataError(
                    at: offset, context: nil,
                    "a removed id must be a UUID, found \(StoreError.quoted(scanner.string(text)))")
            }
            guard seen.insert(id).inserted else {
                throw dataError(at: offset, context: nil, "the id \(id.uuidString) appears twice in one journal record")
            }
            ids.append(id)
            scanner.skipWhitespace()
        } while scanner.consume(UInt8(ascii: ","))
        try scanner.expect(UInt8(ascii: "]"), "',' or ']'")
        return ids
    }

    /// The generation from `{"generation": N,` at the current position, or nil when the record
    /// does not start the way this program writes it.
    mutating func generationFromRecordHead() -> Int? {
        guard scanner.consume(UInt8(ascii: "{")), headKey(is: "generation"), scanner.valueKind == .number,
            case .integer(let generation)? = try? scanner.scanNumber(), generation > 0, generation <= Self.largestCount,
            scanner.current == UInt8(ascii: ",")
        else { return nil }
        return generation
    }
}
