/// How the sections of two snapshots correspond: which stayed, moved, were deleted or inserted.
///
/// Sections are matched by identifier after trimming the common prefix and suffix; among the
/// matched ones, those on a longest increasing subsequence of old indexes (in new order) stay and
/// the others move, the fewest moves that reorders them.
@usableFromInline
struct SectionMatching {
    /// The new index of each old section, or −1 where it was deleted.
    @usableFromInline var oldToNew: ContiguousArray<Int>
    /// The old index of each new section, or −1 where it was inserted.
    @usableFromInline var newToOld: ContiguousArray<Int>
    /// Whether each new section is the destination of a move.
    @usableFromInline var isMoved: ContiguousArray<Bool>
    /// Whether any section moved; without moves the sections keep their relative order.
    @usableFromInline var hasMoves: Bool

    /// Matches `old` with `new`, whose index by identifier is `newIndexes`.
    /// - Complexity: O(S) expected, O(S log S) when sections were reordered.
    @inlinable
    init<SectionID: Hashable>(
        old: ContiguousArray<SectionID>,
        new: ContiguousArray<SectionID>,
        newIndexes: [SectionID: Int],
        subsequence: inout IncreasingSubsequence
    ) {
        oldToNew = ContiguousArray(repeating: -1, count: old.count)
        newToOld = ContiguousArray(repeating: -1, count: new.count)
        isMoved = ContiguousArray(repeating: false, count: new.count)
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] {
            oldToNew[prefix] = prefix
            newToOld[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            oldToNew[old.count - 1 - suffix] = new.count - 1 - suffix
            newToOld[new.count - 1 - suffix] = old.count - 1 - suffix
            suffix += 1
        }
        for oldIndex in prefix..<(old.count - suffix) {
            if let newIndex = newIndexes[old[oldIndex]] {
                oldToNew[oldIndex] = newIndex
                newToOld[newIndex] = oldIndex
            }
        }
        hasMoves = false
        let oldIndexOfNew = newToOld
        let matched = ContiguousArray((prefix..<(new.count - suffix)).filter { oldIndexOfNew[$0] >= 0 })
        subsequence.find(in: ContiguousArray(matched.map { oldIndexOfNew[$0] }))
        for (position, newIndex) in matched.enumerated() where !subsequence.members[position] {
            isMoved[newIndex] = true
            hasMoves = true
        }
    }
}
