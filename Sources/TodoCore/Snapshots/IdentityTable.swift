/// An open-addressing table from identifier hashes to positions, for matching two sequences.
///
/// The difference hashes each identifier of the compared window once and matches positions
/// through this table: one slot is a 64-bit word holding the upper half of the hash and the
/// position, so a probe touches one cache line and identifiers are compared only when the hash
/// halves agree. Measured here at 100,000 UUIDs it costs a fraction of `Dictionary`'s time.
@usableFromInline
struct IdentityTable {
    @usableFromInline static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000
    /// 0 is an empty slot; otherwise the hash's upper half and `position + 1`.
    @usableFromInline var slots: ContiguousArray<UInt64>
    @usableFromInline let mask: Int

    /// A table for up to `count` positions, at most half full.
    /// - Complexity: O(count).
    @inlinable
    init(count: Int) {
        precondition(count < Int(UInt32.max), "a snapshot difference compares fewer than 2^32 items")
        var capacity = 16
        while capacity < count * 2 {
            capacity *= 2
        }
        slots = ContiguousArray(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    /// Records `position` under `hash`.
    /// - Complexity: O(1) expected.
    @inlinable
    mutating func insert(hash: Int, position: Int) {
        var slot = hash & mask
        while slots[slot] != 0 {
            slot = (slot + 1) & mask
        }
        slots[slot] = (UInt64(UInt(bitPattern: hash)) & Self.tagMask) | UInt64(position + 1)
    }

    /// The first position recorded under `hash` for which `matches` holds, or nil.
    /// - Complexity: O(1) expected.
    @inlinable
    func position(hash: Int, where matches: (Int) -> Bool) -> Int? {
        let tag = UInt64(UInt(bitPattern: hash)) & Self.tagMask
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 {
                return nil
            }
            if entry & Self.tagMask == tag {
                let position = Int(truncatingIfNeeded: entry & ~Self.tagMask) - 1
                if matches(position) {
                    return position
                }
            }
            slot = (slot + 1) & mask
        }
    }
}
