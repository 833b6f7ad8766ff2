/// Finds one longest strictly increasing subsequence by patience sorting, reusing its buffers.
///
/// The snapshot difference keeps the matched items (or sections) on such a subsequence in place
/// and moves only the others, which is the fewest moves that reorders them.
@usableFromInline
struct IncreasingSubsequence {
    /// `members[i]` tells whether position `i` of the last searched keys is on the subsequence.
    @usableFromInline var members: ContiguousArray<Bool> = []
    /// The position of the smallest key ending an increasing run of each length found so far.
    @usableFromInline var pileTops: ContiguousArray<Int> = []
    /// The keys at `pileTops`, increasing, kept apart so that the binary search reads one array.
    @usableFromInline var pileKeys: ContiguousArray<Int> = []
    /// The position before each position on the run that ends there.
    @usableFromInline var predecessors: ContiguousArray<Int> = []

    @inlinable
    init() {}

    /// Sets `members` for the positions of one longest strictly increasing subsequence of `keys`.
    /// - Complexity: O(m log m) for m keys; O(m) when the keys are already increasing.
    @inlinable
    mutating func find(in keys: ContiguousArray<Int>) {
        pileTops.removeAll(keepingCapacity: true)
        pileKeys.removeAll(keepingCapacity: true)
        predecessors.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        members.append(contentsOf: repeatElement(false, count: keys.count))
        predecessors.reserveCapacity(keys.count)
        for position in keys.indices {
            let key = keys[position]
            var pile = pileKeys.count
            if let top = pileKeys.last, top >= key {
                // The leftmost pile whose top is not below `key`.
                var low = 0
                while low < pile {
                    let middle = (low + pile) / 2
                    if pileKeys[middle] < key { low = middle + 1 } else { pile = middle }
                }
            }
            predecessors.append(pile > 0 ? pileTops[pile - 1] : -1)
            if pile == pileKeys.count {
                pileTops.append(position)
                pileKeys.append(key)
            } else {
                pileTops[pile] = position
                pileKeys[pile] = key
            }
        }
        var position = pileTops.last ?? -1
        while position >= 0 {
            members[position] = true
            position = predecessors[position]
        }
    }
}
