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
        var oldSections = SectionCursor(sectionStarts: old.sectionStarts)
        var newSections = SectionCursor(sectionStarts: sectionStarts)
        var deleted = ContiguousArray<Int>()
        var inserted = ContiguousArray<Int>()
        var reloaded = ContiguousArray<Int>()
        let found = ShortEditScript.search(
            oldCount: oldCount,
            newCount: newCount,
            maxEdits: maxEdits,
            equal: { x, y in
                old.items[start + x] == items[start + y]
                    && sections.oldToNew[oldSections.section(containing: start + x)]
                        == newSections.section(containing: start + y)
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
        let newCount = window.newEnd - start
        precondition(
            Swift.max(old.items.count, items.count) < Int(Int32.max) - 2,
            "a snapshot difference handles fewer than 2^31 items")
        guard let filler = items[start..<window.newEnd].first ?? old.items[start..<window.oldEnd].first else { return }
        var table = IdentityTable(items, in: start..<window.newEnd, filler: filler)
        // Reserved pages cost nothing until written; growing by doubling would copy.
        let oldCount = window.oldEnd - start
        changes.deleted.reserveCapacity(changes.deleted.count + oldCount)
        changes.inserted.reserveCapacity(changes.inserted.count + newCount)
        changes.movedFrom.reserveCapacity(changes.movedFrom.count + Swift.min(oldCount, newCount))
        changes.movedTo.reserveCapacity(changes.movedTo.count + Swift.min(oldCount, newCount))
        // For each new item, the old flat index of the same item, or −1 if it is new.
        var origins = ContiguousArray<Int32>(repeating: -1, count: newCount)
        var isMatched = ContiguousArray(repeating: false, count: oldCount)
        table.forEachMatch(of: old.items, in: start..<window.oldEnd) { oldFlat, newFlat in
            isMatched[oldFlat - start] = true
            origins[newFlat - start] = Int32(truncatingIfNeeded: oldFlat)
        }
        // The new index of each old item's section (−1: deleted), filled in one sequential pass
        // so that the runs below need no search.
        var targetSections = ContiguousArray<Int32>(repeating: -1, count: oldCount)
        var oldSection = oldCount > 0 ? old.sectionIndex(containingFlatIndex: start) : 0
        for oldFlat in start..<window.oldEnd {
            while old.sectionStarts[oldSection + 1] <= oldFlat { oldSection += 1 }
            targetSections[oldFlat - start] = Int32(truncatingIfNeeded: sections.oldToNew[oldSection])
        }
        for oldFlat in stride(from: window.oldEnd - 1, through: start, by: -1) where !isMatched[oldFlat - start] {
            changes.deleted.append(oldFlat)
        }
        var keys = ContiguousArray<Int>()
        var runStart = start
        var newSection = newCount > 0 ? sectionIndex(containingFlatIndex: start) : 0
        while runStart < window.newEnd {
            while sectionStarts[newSection + 1] <= runStart { newSection += 1 }
            let run = runStart..<min(sectionStarts[newSection + 1], window.newEnd)
            keys.removeAll(keepingCapacity: true)
            keys.reserveCapacity(run.count)
            for newFlat in run where origins[newFlat - start] >= 0 {
                let origin = Int(origins[newFlat - start])
                if targetSections[origin - start] == newSection {
                    keys.append(origin)
                } else {
                    // Changed section: −2 − origin marks it for the pass below.
                    origins[newFlat - start] = Int32(truncatingIfNeeded: -2 - origin)
                }
            }
            subsequence.find(in: keys)
            var key = 0
            for newFlat in run {
                let origin = Int(origins[newFlat - start])
                if origin == -1 {
                    changes.inserted.append(newFlat)
                } else if origin < 0 {
                    changes.move(from: -2 - origin, to: newFlat)
                } else {
                    if !subsequence.members[key] {
                        changes.move(from: origin, to: newFlat)
                    } else if old.fingerprints[origin] != fingerprints[newFlat] {
                        changes.reloaded.append(origin)
                    }
                    key += 1
                }
            }
            runStart = run.upperBound
        }
    }
}
