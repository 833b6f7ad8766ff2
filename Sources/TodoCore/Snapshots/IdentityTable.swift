/// An open-addressing table from identifiers to positions, for matching two sequences.
///
/// The difference hashes each identifier of the compared windows once and matches positions
/// through this table. Matching is bound by cache misses, so two measures keep memory access
/// local (`todo-bench diff` shows the result):
/// - each slot holds the identifier itself beside the upper half of its hash and its position,
///   so a probe touches one slot and not also the snapshot's array;
/// - identifiers are first partitioned by the high bits of their slot (a counting sort into at
///   most 1,024 buckets), so that inserts and lookups sweep the table in order.
@usableFromInline
struct IdentityTable<Item: Hashable> {
    @usableFromInline
    struct Slot {
        /// 0 for an empty slot; otherwise the hash's upper half and `position + 1`.
        @usableFromInline var key: UInt64
        @usableFromInline var item: Item

        @inlinable
        init(key: UInt64, item: Item) {
            self.key = key
            self.item = item
        }
    }

    /// An identifier with its hash and position, in a partitioned batch.
    @usableFromInline
    struct Entry {
        @usableFromInline var hash: Int
        @usableFromInline var item: Item
        @usableFromInline var position: Int

        @inlinable
        init(hash: Int, item: Item, position: Int) {
            self.hash = hash
            self.item = item
            self.position = position
        }
    }

    @usableFromInline static var tagMask: UInt64 { 0xFFFF_FFFF_0000_0000 }
    @usableFromInline var slots: ContiguousArray<Slot>
    @usableFromInline let mask: Int
    /// Slot index >> `bucketShift` is the partition bucket.
    @usableFromInline let bucketShift: Int
    /// The last partitioned batch and its hashes, kept so the next batch reuses the memory:
    /// fresh pages cost more than the matching itself at 100,000 items.
    @usableFromInline var entries: ContiguousArray<Entry> = []
    @usableFromInline var hashes: ContiguousArray<Int> = []

    /// A table of `items[range]` by position (below 2^32 − 1), at most three quarters full;
    /// `filler` only pads empty slots.
    /// - Complexity: O(count) expected.
    @inlinable
    init(_ items: ContiguousArray<Item>, in range: Range<Int>, filler: Item) {
        var capacity = 256
        while capacity * 3 < range.count * 4 {
            capacity *= 2
        }
        let bits = capacity.trailingZeroBitCount
        slots = ContiguousArray(repeating: Slot(key: 0, item: filler), count: capacity)
        mask = capacity - 1
        bucketShift = bits - Swift.min(10, bits - 8)
        partition(items, in: range)
        for entry in entries {
            var slot = entry.hash & mask
            while slots[slot].key != 0 {
                slot = (slot + 1) & mask
            }
            slots[slot] = Slot(key: Self.tag(entry.hash) | UInt64(entry.position + 1), item: entry.item)
        }
    }

    @inlinable
    static func tag(_ hash: Int) -> UInt64 {
        UInt64(UInt(bitPattern: hash)) & tagMask
    }

    /// Calls `found(position, tablePosition)` for every position in `range` whose item of `items`
    /// is in the table, in no particular order.
    /// - Complexity: O(count) expected.
    @inlinable
    mutating func forEachMatch(of items: ContiguousArray<Item>, in range: Range<Int>, _ found: (Int, Int) -> Void) {
        partition(items, in: range)
        for entry in entries {
            let tag = Self.tag(entry.hash)
            var slot = entry.hash & mask
            while slots[slot].key != 0 {
                let key = slots[slot].key
                if key & Self.tagMask == tag, slots[slot].item == entry.item {
                    found(entry.position, Int(truncatingIfNeeded: key & ~Self.tagMask) - 1)
                    break
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Sets `entries` to `items[range]` with their hashes, ordered by the bucket of their home slot.
    /// - Complexity: O(count), two sequential passes.
    @inlinable
    mutating func partition(_ items: ContiguousArray<Item>, in range: Range<Int>) {
        entries.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        guard let first = items[range].first else { return }
        var starts = ContiguousArray(repeating: 0, count: (mask >> bucketShift) + 2)
        for position in range {
            let hash = items[position].hashValue
            hashes.append(hash)
            starts[((hash & mask) >> bucketShift) + 1] += 1
        }
        for bucket in 1..<starts.count {
            starts[bucket] += starts[bucket - 1]
        }
        entries.append(contentsOf: repeatElement(Entry(hash: 0, item: first, position: 0), count: range.count))
        for position in range {
            let hash = hashes[position - range.lowerBound]
            let bucket = (hash & mask) >> bucketShift
            entries[starts[bucket]] = Entry(hash: hash, item: items[position], position: position)
            starts[bucket] += 1
        }
    }
}
