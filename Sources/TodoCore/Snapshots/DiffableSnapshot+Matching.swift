/// The two ways the difference matches the items of the window left after trimming.
///
/// An item *stays* when it is in a section with the same identifier on both sides and lies on a
/// longest increasing run of old positions within that section, in new order; every other item
/// present on both sides moves. Staying is relative to the section, so rows travel with a
/// section that moves.
extension DiffableSnapshot {
    /// Matches the window by a short edit script, if one of at most about √(window) edits exists.
    ///
    /// Only valid when no section moved: then the sections keep their relative order, and a
    /// longest common subsequence of the flattened windows (counting an item as common only when
    /// its section corresponds) keeps as many items as the per-section increasing runs do.
    /// - Returns: whether the window was matched; nothing is recorded otherwise.
    /// - Complexity: O(w + D²) comparisons, no hashing but of the D edited items, for a window of
    ///   w items; giving up costs O(w) as well.
    @inlinable
    func matchByEditScript(
        from old: DiffableSnapshot,
        in window: ItemWindow,
        sections: SectionMatching,
        into changes: inout FlatItemChanges
    ) -> Bool {
        let start = window.start
        let oldCount = window.oldEnd - start
        let newCount = window.newEnd - start
        let maxEdits = min(1_024, max(16, Int(Double(oldCount + newCount).squareRoot())))
        guard abs(oldCount - newCount) <= maxEdits else { return false }
        var deleted = ContiguousArray<Int>()
        var inserted = ContiguousArray<Int>()
        var reloaded = ContiguousArray<Int>()
        let found = ShortEditScript.search(
            oldCount: oldCount,
            newCount: newCount,
            maxEdits: maxEdits,
            equal: { x, y in
                old.items[start + x] == items[start + y]
                    && sections.oldToNew[old.sectionIndex(containingFlatIndex: start + x)]
                    == sectionIndex(containingFlatIndex: start + y)
            },
            keep: { x, y in
                if old.fingerprints[start + x] != fingerprints[start + y] {
                    reloaded.append(start + x)
                }
            },
            delete: { deleted.append(start + $0) },
            insert: { inserted.append(start + $0) }
        )
        guard found else { return false }
        changes.reloaded.append(contentsOf: reloaded)
        // An item both deleted and inserted by the script moved (within or across sections).
        var insertedItems = [ItemID: Int](minimumCapacity: inserted.count)
        for newFlat in inserted {
            insertedItems[items[newFlat]] = newFlat
        }
        var moves: [(from: Int, to: Int)] = []
        for oldFlat in deleted {
            if let newFlat = insertedItems.removeValue(forKey: old.items[oldFlat]) {
                moves.append((oldFlat, newFlat))
            } else {
                changes.deleted.append(oldFlat)
            }
        }
        for newFlat in inserted.reversed() where insertedItems[items[newFlat]] != nil {
            changes.inserted.append(newFlat)
        }
        for move in moves.sorted(by: { $0.to < $1.to }) {
            changes.move(from: move.from, to: move.to)
        }
        return true
    }

    /// Matches the window by hashing each identifier once, then keeps a longest increasing run
    /// per section: Heckel's matching for unique identifiers, with the fewest moves.
    /// - Complexity: O(w) expected hashing plus O(w log w) for the runs, for a window of w items.
    @inlinable
    func matchByIdentity(
        from old: DiffableSnapshot,
        in window: ItemWindow,
        sections: SectionMatching,
        subsequence: inout IncreasingSubsequence,
        into changes: inout FlatItemChanges
    ) {
        let start = window.start
        let oldCount = window.oldEnd - start
        let newCount = window.newEnd - start
        var table = IdentityTable(count: newCount)
        for newFlat in start..<window.newEnd {
            table.insert(hash: items[newFlat].hashValue, position: newFlat)
        }
        var isMatched = ContiguousArray(repeating: false, count: oldCount)
        var oldFlatOfNew = ContiguousArray(repeating: -1, count: newCount)
        for oldFlat in start..<window.oldEnd {
            let item = old.items[oldFlat]
            if let newFlat = table.position(hash: item.hashValue, where: { items[$0] == item }) {
                isMatched[oldFlat - start] = true
                oldFlatOfNew[newFlat - start] = oldFlat
            }
        }
        // The new section index each old item's section became (−1: deleted).
        var targetSection = ContiguousArray(repeating: -1, count: oldCount)
        var oldSection = oldCount > 0 ? old.sectionIndex(containingFlatIndex: start) : 0
        for oldFlat in start..<window.oldEnd {
            while old.sectionStarts[oldSection + 1] <= oldFlat { oldSection += 1 }
            targetSection[oldFlat - start] = sections.oldToNew[oldSection]
        }
        var keys = ContiguousArray<Int>()
        var runStart = start
        var newSection = newCount > 0 ? sectionIndex(containingFlatIndex: start) : 0
        while runStart < window.newEnd {
            while sectionStarts[newSection + 1] <= runStart { newSection += 1 }
            let run = runStart..<min(sectionStarts[newSection + 1], window.newEnd)
            keys.removeAll(keepingCapacity: true)
            for newFlat in run {
                let oldFlat = oldFlatOfNew[newFlat - start]
                if oldFlat >= 0, targetSection[oldFlat - start] == newSection {
                    keys.append(oldFlat)
                }
            }
            subsequence.find(in: keys)
            var key = 0
            for newFlat in run {
                let oldFlat = oldFlatOfNew[newFlat - start]
                if oldFlat < 0 {
                    changes.inserted.append(newFlat)
                } else if targetSection[oldFlat - start] != newSection {
                    changes.move(from: oldFlat, to: newFlat)
                } else {
                    if !subsequence.members[key] {
                        changes.move(from: oldFlat, to: newFlat)
                    } else if old.fingerprints[oldFlat] != fingerprints[newFlat] {
                        changes.reloaded.append(oldFlat)
                    }
                    key += 1
                }
            }
            runStart = run.upperBound
        }
        for oldFlat in stride(from: window.oldEnd - 1, through: start, by: -1) where !isMatched[oldFlat - start] {
            changes.deleted.append(oldFlat)
        }
    }
}
