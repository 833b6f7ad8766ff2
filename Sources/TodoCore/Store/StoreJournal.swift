import Foundation

/// The bytes of a store's journal, `<store>.journal`: JSON lines, one saved `StoreBatch` each,
/// appended and `fsync`ed under the store's lock (see `JSONStore`).
///
/// Only whole lines count: bytes after the last newline are a write that a crash cut short and
/// are ignored (the next writer cuts them off before appending). Every whole line must be a
/// valid record, and the records' generations must follow one another one by one; anything
/// else is a `StoreError` naming the journal's line, never data silently dropped.
struct StoreJournal {
    /// The journal file, named by errors.
    let path: String
    let bytes: [UInt8]
    /// The byte range of each whole line, its newline excluded.
    let lines: [Range<Int>]

    /// - Complexity: O(n) in the size of the journal (a byte search for newlines).
    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < buffer.count,
                let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), buffer.count - start)
            {
                let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                lines.append(start..<end)
                start = end + 1
            }
        }
        self.lines = lines
    }

    /// The length of the whole lines, newlines included: where a torn tail, if any, begins.
    var wholeLength: Int { lines.last.map { $0.upperBound + 1 } ?? 0 }

    /// The generation of every whole line, checked to follow one another one by one.
    ///
    /// Reads only the head of lines that start the way this program writes them; others are
    /// parsed whole, which reports what is wrong with them.
    /// - Throws: `StoreError` for a line that is not a record, or a generation out of sequence.
    /// - Complexity: O(l) for l lines written by this program, O(n) in the size of others.
    func generations() throws(StoreError) -> [Int] {
        var generations: [Int] = []
        generations.reserveCapacity(lines.count)
        for number in lines.indices {
            let generation = try withReader(line: number) { (reader) throws(StoreError) in
                if let generation = reader.generationFromRecordHead() { return generation }
                reader.scanner.position = lines[number].lowerBound
                return try reader.readRecord().generation
            }
            if let previous = generations.last, generation != previous + 1 {
                throw sequenceError(line: number, expected: previous + 1, found: generation)
            }
            generations.append(generation)
        }
        return generations
    }

    /// The batches with a generation above `generation`, oldest first.
    ///
    /// - Parameters:
    ///   - generation: the generation of the state the batches are applied to (the store
    ///     file's, or a caller's).
    ///   - generations: `generations()` of this journal.
    /// - Throws: `StoreError` for a record that does not parse, or when the first batch above
    ///   `generation` is not `generation + 1` (the journal does not continue that state).
    /// - Complexity: O(n) in the size of the returned records.
    func batches(after generation: Int, generations: [Int]) throws(StoreError) -> [StoreBatch] {
        guard let first = try firstLine(after: generation, generations: generations) else { return [] }
        var batches: [StoreBatch] = []
        batches.reserveCapacity(lines.count - first)
        for number in first..<lines.count {
            batches.append(try withReader(line: number) { (reader) throws(StoreError) in try reader.readRecord() })
        }
        return batches
    }

    /// The index of the first line whose generation is above `generation`, nil when none is.
    /// - Throws: `StoreError` when that line's generation is not `generation + 1`: the journal
    ///   does not continue that state.
    /// - Complexity: O(l) in the number of lines.
    func firstLine(after generation: Int, generations: [Int]) throws(StoreError) -> Int? {
        guard let first = generations.firstIndex(where: { $0 > generation }) else { return nil }
        guard generations[first] == generation + 1 else {
            throw sequenceError(line: first, expected: generation + 1, found: generations[first])
        }
        return first
    }

    /// Runs `body` with a reader positioned at the start of line `number`, over the bytes from
    /// the start of the journal to the end of that line, so that locations count from the top.
    private func withReader<T>(
        line number: Int, _ body: (inout StoreReader) throws(StoreError) -> T
    ) throws(StoreError) -> T {
        let range = lines[number]
        return try bytes.withUnsafeBufferPointer { (buffer) throws(StoreError) -> T in
            let scanner = JSONScanner(
                bytes: UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), path: path,
                position: range.lowerBound)
            var reader = StoreReader(scanner: scanner)
            return try body(&reader)
        }
    }

    private func sequenceError(line number: Int, expected: Int, found: Int) -> StoreError {
        .invalidData(
            path: path, line: number + 1, column: 1, item: nil, id: nil,
            problem: "the record's generation must be \(expected), found \(found)"
        )
    }
}

extension StoreJournal {
    /// How many bytes of a journal's end `lastGeneration(at:)` reads first; a record of one
    /// edit is about 300 bytes.
    private static let tailLength = 4_096

    /// The generation of the last whole record of the journal at `path`, from the head of its
    /// line: 0 when there is no journal or no whole record, nil when that line does not start
    /// the way this program writes records (read the journal whole to know more).
    /// - Throws: `StoreError` when the file cannot be read.
    /// - Complexity: O(r) in the size of the last record.
    static func lastGeneration(at path: String) throws(StoreError) -> Int? {
        var limit = tailLength
        while true {
            guard let (tail, start) = try StoreFile.readTail(path, limit: limit, followingLinks: false) else {
                return 0
            }
            let newline = UInt8(ascii: "\n")
            guard let end = tail.lastIndex(of: newline) else {
                if start == 0 { return 0 }
                limit *= 4
                continue
            }
            let lineStart: Int
            if let previous = tail[..<end].lastIndex(of: newline) {
                lineStart = previous + 1
            } else if start == 0 {
                lineStart = 0
            } else {
                limit *= 4
                continue
            }
            return tail.withUnsafeBufferPointer { buffer in
                var reader = StoreReader(
                    scanner: JSONScanner(
                        bytes: UnsafeBufferPointer(rebasing: buffer[..<end]), path: path, position: lineStart))
                return reader.generationFromRecordHead()
            }
        }
    }
}
