import Dispatch
import Foundation

extension StoreReader {
    /// The smallest items array worth a second thread: below it, starting one costs more than
    /// it saves.
    static let smallestArrayReadInHalves = 1 << 20

    /// `readIndexedItems()` on two threads for a large array: the second half is read from an
    /// item boundary near the middle while this thread reads the first half up to it.
    ///
    /// The result is exactly the one-thread reading's. A raw line break is never inside a JSON
    /// string, so a line starting with `{` right after a line ending in `,` is where an item
    /// starts in any well-formed store. That is only a guess in a malformed file; it counts only
    /// when the first half, read item by item from the array's start, arrives exactly there.
    /// When the guess was wrong, either half met an error, or an id appears in both halves, the
    /// array is read again on one thread, which reports the first error with its line, column
    /// and item number as always. So the halves' own errors are never shown.
    /// - Complexity: O(n) in the size of the array over two threads, plus hashing each id once.
    mutating func readIndexedItemsInHalves() throws(StoreError) -> ItemRun {
        let arrayStart = scanner.position
        guard readsLargeItemsInHalves, scanner.bytes.count - arrayStart >= Self.smallestArrayReadInHalves,
            scanner.current == UInt8(ascii: "["),
            let middle = itemStart(after: arrayStart + (scanner.bytes.count - arrayStart) / 2)
        else { return try readIndexedItems() }
        let halves = Halves(first: self, second: self)
        halves.second.scanner.position = middle
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 {
                halves.firstRun = Result { () throws(StoreError) in try halves.first.readFirstHalf(upTo: middle) }
            } else {
                halves.secondRun = Result { () throws(StoreError) in
                    var run = ItemRun(expectedBytes: halves.second.scanner.bytes.count - middle)
                    _ = try halves.second.readItems(into: &run, stoppingAt: nil)
                    return run
                }
            }
        }
        if case .success(var items)? = halves.firstRun, case .success(let rest)? = halves.secondRun,
            let joined = items.appending(rest)
        {
            scanner = halves.second.scanner
            return joined
        }
        scanner.position = arrayStart
        return try readIndexedItems()
    }

    /// Reads the items array from its `[` up to the item starting at `boundary`.
    /// - Throws: any reading error, and `.invalidData` when the items do not end at `boundary`
    ///   (never shown: the caller then reads the array on one thread).
    private mutating func readFirstHalf(upTo boundary: Int) throws(StoreError) -> ItemRun {
        try expectValue(.array, named: "\"items\"", context: nil)
        scanner.position += 1
        scanner.skipWhitespace()
        // Sized for the whole array: the second half's items are appended to this run.
        var run = ItemRun(expectedBytes: scanner.bytes.count - scanner.position)
        guard scanner.position < boundary, try readItems(into: &run, stoppingAt: boundary) else {
            throw dataError(at: scanner.position, context: nil, "the items do not end at the guessed boundary")
        }
        return run
    }

    /// The start of the first line at or after `offset` that begins, after blanks, with `{`
    /// and follows a line whose last non-blank byte is `,`; nil when there is none.
    /// - Complexity: O(k) in the bytes looked at.
    private func itemStart(after offset: Int) -> Int? {
        let bytes = scanner.bytes
        var index = offset
        while index < bytes.count {
            guard bytes[index] == 0x0A else {
                index += 1
                continue
            }
            var before = index - 1
            while before > 0, bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0D { before -= 1 }
            var after = index + 1
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: "{"), bytes[before] == UInt8(ascii: ",") {
                return after
            }
            index += 1
        }
        return nil
    }
}

/// The two threads' readers and results. Each thread touches only its own half's properties,
/// and the caller reads them after both threads have finished, so nothing is shared while they
/// run: hence the unchecked conformance. The file's bytes are only read.
private final class Halves: @unchecked Sendable {
    var first: StoreReader
    var second: StoreReader
    var firstRun: Result<StoreReader.ItemRun, StoreError>?
    var secondRun: Result<StoreReader.ItemRun, StoreError>?

    init(first: StoreReader, second: StoreReader) {
        self.first = first
        self.second = second
    }
}

extension StoreReader.ItemRun {
    /// This run followed by `rest`, whose positions count from its own first item; nil when an
    /// id is in both.
    /// - Complexity: O(m) in `rest`'s items.
    mutating func appending(_ rest: StoreReader.ItemRun) -> StoreReader.ItemRun? {
        let offset = Int32(items.count)
        for (id, position) in rest.positions where positions.updateValue(position + offset, forKey: id) != nil {
            return nil
        }
        if firstWithoutTimeOfDay == nil {
            firstWithoutTimeOfDay = rest.firstWithoutTimeOfDay.map { $0 + Int(offset) }
        }
        if firstVersion2Key == nil, let key = rest.firstVersion2Key {
            firstVersion2Key = (key.index + Int(offset), key.key, key.offset)
        }
        items.append(contentsOf: rest.items)
        starts.append(contentsOf: rest.starts)
        return self
    }
}
