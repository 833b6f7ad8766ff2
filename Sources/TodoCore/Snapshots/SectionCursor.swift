/// Finds the section holding a flat index, remembering the last section found.
///
/// The difference walks flat indexes mostly in order (along a run of equal items, or down a
/// sorted list of changes), so the remembered section usually holds the next index too.
@usableFromInline
struct SectionCursor {
    /// The snapshot's section starts, with the extra final entry (see `DiffableSnapshot`).
    @usableFromInline let sectionStarts: ContiguousArray<Int>
    @usableFromInline var section = 0
    @usableFromInline var lower = 0
    @usableFromInline var upper = 0

    @inlinable
    init(sectionStarts: ContiguousArray<Int>) {
        self.sectionStarts = sectionStarts
    }

    /// The index of the section holding flat index `flat`, which must be an item's index.
    /// - Complexity: O(1) when it is the section of the previous call, else O(log S).
    @inlinable @inline(__always)
    mutating func section(containing flat: Int) -> Int {
        if flat < lower || flat >= upper {
            find(flat)
        }
        return section
    }

    @inlinable
    mutating func find(_ flat: Int) {
        // The last section starting at or before `flat`: empty sections before it start there too.
        var low = 0
        var high = sectionStarts.count - 1
        while low < high {
            let middle = (low + high) / 2
            if sectionStarts[middle] <= flat { low = middle + 1 } else { high = middle }
        }
        section = low - 1
        lower = sectionStarts[section]
        upper = sectionStarts[section + 1]
    }
}
