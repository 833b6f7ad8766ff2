/// The part of two snapshots' flattened items that differs: what is left after trimming the
/// longest common prefix and suffix.
///
/// A trimmed item has the same identifier at the same distance from the start (or the end) in
/// both snapshots and lies in a section with the same identifier, so it keeps its row relative
/// to its section; being first (or last) on both sides, it lies on a longest increasing run of
/// any reordering and never needs to move. Only the window is hashed, so one edit in a large
/// snapshot costs a pass of comparisons and no hashing.
@usableFromInline
struct ItemWindow {
    /// The length of the common prefix: the window's first flat index on both sides.
    @usableFromInline let start: Int
    /// The end of the window in the old snapshot's flat items.
    @usableFromInline let oldEnd: Int
    /// The end of the window in the new snapshot's flat items.
    @usableFromInline let newEnd: Int

    @inlinable
    var isEmpty: Bool { start == oldEnd && start == newEnd }

    /// Trims `old` and `new`, appending to `reloads` the old flat index of every trimmed item
    /// whose fingerprint differs.
    /// - Complexity: O(p + q + S) comparisons for a prefix of p and a suffix of q items.
    @inlinable
    init<SectionID: Hashable, ItemID: Hashable>(
        old: DiffableSnapshot<SectionID, ItemID>,
        new: DiffableSnapshot<SectionID, ItemID>,
        reloads: inout ContiguousArray<Int>
    ) {
        let limit = min(old.items.count, new.items.count)
        var prefix = 0
        var oldSection = -1
        var newSection = -1
        var oldNextStart = 0
        var newNextStart = 0
        while prefix < limit, old.items[prefix] == new.items[prefix] {
            if prefix >= oldNextStart || prefix >= newNextStart {
                while old.sectionStarts[oldSection + 1] <= prefix { oldSection += 1 }
                while new.sectionStarts[newSection + 1] <= prefix { newSection += 1 }
                oldNextStart = old.sectionStarts[oldSection + 1]
                newNextStart = new.sectionStarts[newSection + 1]
                guard old.sections[oldSection] == new.sections[newSection] else { break }
            }
            if old.fingerprints[prefix] != new.fingerprints[prefix] {
                reloads.append(prefix)
            }
            prefix += 1
        }
        var suffix = 0
        oldSection = old.sections.count
        newSection = new.sections.count
        var oldSectionStart = Int.max
        var newSectionStart = Int.max
        while suffix < limit - prefix {
            let oldFlat = old.items.count - 1 - suffix
            let newFlat = new.items.count - 1 - suffix
            guard old.items[oldFlat] == new.items[newFlat] else { break }
            if oldFlat < oldSectionStart || newFlat < newSectionStart {
                while old.sectionStarts[oldSection] > oldFlat { oldSection -= 1 }
                while new.sectionStarts[newSection] > newFlat { newSection -= 1 }
                oldSectionStart = old.sectionStarts[oldSection]
                newSectionStart = new.sectionStarts[newSection]
                guard old.sections[oldSection] == new.sections[newSection] else { break }
            }
            if old.fingerprints[oldFlat] != new.fingerprints[newFlat] {
                reloads.append(oldFlat)
            }
            suffix += 1
        }
        start = prefix
        oldEnd = old.items.count - suffix
        newEnd = new.items.count - suffix
    }
}
