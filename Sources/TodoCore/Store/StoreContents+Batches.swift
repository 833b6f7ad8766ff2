import Foundation

extension StoreContents {
    /// Applies saved batches in order, as saving them one by one would have: a replaced item
    /// keeps its place, an inserted one (or one removed and inserted again) goes to the end,
    /// removed ones leave, and the generation becomes the last batch's.
    ///
    /// - Precondition: the batches' generations follow this contents' one by one.
    /// - Complexity: O(n + m) for n items and m changed items over all batches, plus hashing
    ///   the n ids once when any batch is given.
    public mutating func apply(_ batches: [StoreBatch]) {
        guard !batches.isEmpty else { return }
        var slots: [TodoItem?] = items
        var positions: [UUID: Int] = [:]
        positions.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            positions[item.id] = position
        }
        for batch in batches {
            precondition(batch.generation == generation + 1, "batch \(batch.generation) does not follow generation \(generation)")
            for item in batch.items {
                if let position = positions[item.id] {
                    slots[position] = item
                } else {
                    positions[item.id] = slots.count
                    slots.append(item)
                }
            }
            for id in batch.removedIDs {
                if let position = positions.removeValue(forKey: id) {
                    slots[position] = nil
                }
            }
            generation = batch.generation
        }
        items = slots.compactMap { $0 }
    }
}
