/// Myers' greedy search for a shortest edit script, given up beyond a number of edits.
///
/// When the two compared windows differ by a few inserts and deletes, this finds them by
/// comparing neighbours only, without hashing anything: the snapshot difference tries it first
/// and falls back to matching by identity when the script would be longer than `maxEdits`.
/// With unique identifiers each element equals at most one element of the other side, so every
/// successful comparison advances along a single diagonal once: the search costs O(N + M + D²)
/// time and O(D²) memory for D edits, and giving up costs O(N + M + maxEdits²).
@usableFromInline
enum ShortEditScript {
    /// Finds a shortest script of deletes and inserts turning old positions `0..<oldCount` into new
    /// positions `0..<newCount`, if one has at most `maxEdits` edits, and reports it.
    ///
    /// The script is reported backwards, from the ends to the starts: `keep(x, y)` for old element
    /// x kept as new element y, `delete(x)`, `insert(y)`. Nothing is reported when it gives up.
    /// - Parameters:
    ///   - equal: whether old element x may be kept as new element y.
    /// - Returns: whether a script was found and reported.
    /// - Complexity: O(N + M + D²) for D edits (see the type).
    @inlinable @inline(__always)
    static func search(
        oldCount: Int,
        newCount: Int,
        maxEdits: Int,
        equal: (Int, Int) -> Bool,
        keep: (Int, Int) -> Void,
        delete: (Int) -> Void,
        insert: (Int) -> Void
    ) -> Bool {
        // Row d of `history` holds, for each diagonal k = x − y in −d, −d+2, …, d, the furthest x a
        // path of d edits reaches on it, or −1 if none stays inside the grid.
        var history = ContiguousArray<Int>()
        var edits = -1
        search: for d in 0...maxEdits {
            for k in stride(from: -d, through: d, by: 2) {
                guard
                    var x = d == 0 ? 0 : start(d: d, k: k, history: history, oldCount: oldCount, newCount: newCount)?.x
                else {
                    history.append(-1)
                    continue
                }
                var y = x - k
                while x < oldCount, y < newCount, equal(x, y) {
                    x += 1
                    y += 1
                }
                history.append(x)
                if x == oldCount, y == newCount {
                    edits = d
                    break search
                }
            }
        }
        guard edits >= 0 else { return false }
        var x = oldCount
        var y = newCount
        for d in stride(from: edits, to: 0, by: -1) {
            let k = x - y
            guard let step = start(d: d, k: k, history: history, oldCount: oldCount, newCount: newCount) else {
                preconditionFailure("the edit path passes through a diagonal it never reached")
            }
            while x > step.x {
                x -= 1
                y -= 1
                keep(x, y)
            }
            if step.isInsert {
                y -= 1
                insert(y)
            } else {
                x -= 1
                delete(x)
            }
        }
        while x > 0 {
            x -= 1
            y -= 1
            keep(x, y)
        }
        return true
    }

    /// Where a path of `d` edits enters diagonal `k` (before following equal elements), and whether
    /// its last edit is an insert (down from diagonal k+1) or a delete (right from k−1); nil when
    /// neither neighbour was reached with a move that stays inside the grid.
    @inlinable
    static func start(
        d: Int, k: Int, history: ContiguousArray<Int>, oldCount: Int, newCount: Int
    ) -> (x: Int, isInsert: Bool)? {
        let previousRow = (d - 1) * d / 2
        func reached(_ diagonal: Int) -> Int {
            abs(diagonal) <= d - 1 ? history[previousRow + (diagonal + d - 1) / 2] : -1
        }
        let below = reached(k + 1)
        let left = reached(k - 1)
        let canInsert = below >= 0 && below - (k + 1) < newCount
        let canDelete = left >= 0 && left < oldCount
        // On a tie (both reach the same x) the delete wins, which keeps the later of two swapped
        // elements in place, as the identity matcher's increasing-run search does.
        if canInsert, !canDelete || left + 1 < below {
            return (below, true)
        }
        if canDelete {
            return (left + 1, false)
        }
        return nil
    }
}
