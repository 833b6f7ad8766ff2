import Foundation

extension StoreContents {
    /// Applies saved batches in order, as saving them one by one would have: a replaced item
    /// keeps its place, an inserted one (or one removed and inserted again) goes to the end,
    /// removed ones leave, and the generation becomes the last batch's.
    ///
    /// The reader's index of the ids is reused and kept when no item leaves.
    ///
    /// - Precondition: the batches' generations follow this contents' one by one.
    /// - Complexity: O(n + m) for n items and m changed items over all batches, plus hashing
    ///   the n ids once when any batch is given and the reader's index is unknown.
    package mutating func apply(_ batches: [StoreBatch]) {
        guard !batches.isEmpty else { return }
        var slots: [TodoItem?] = items
        var positions = idPositions ?? Self.positions(of: items)
        var removedAny = false
        for batch in batches {
            precondition(
                batch.generation == generation + 1, "batch \(batch.generation) does not follow generation \(generation)"
            )
            for item in batch.items {
                if let position = positions[item.id] {
                    slots[Int(position)] = item
                } else {
                    positions[item.id] = Int32(slots.count)
                    slots.append(item)
                }
            }
            for id in batch.removedIDs {
                if let position = positions.removeValue(forKey: id) {
                    slots[Int(position)] = nil
                    removedAny = true
                }
            }
            if let lists = batch.lists { self.lists = lists }
            generation = batch.generation
        }
        items = slots.compactMap { $0 }
        // Removals shift the later items, and a repeated id (a memory store may hold one) has
        // no single position: then the index is rebuilt by whoever needs it.
        idPositions = !removedAny && positions.count == items.count ? positions : nil
    }

    /// The position of every id in `items`; the last of a repeated id wins.
    /// - Complexity: O(n).
    private static func positions(of items: [TodoItem]) -> [UUID: Int32] {
        var positions: [UUID: Int32] = [:]
        positions.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            positions[item.id] = Int32(position)
        }
        return positions
    }
}
