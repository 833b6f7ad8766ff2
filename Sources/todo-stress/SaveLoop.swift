import Foundation
import TodoCore

/// Appends one item per save, forever, acknowledging each durable save on standard output.
///
/// Each save is one batch committed through the store's journal, so a kill can land during an
/// append, during a compaction (the store's `journalLimit` decides how often those come), or
/// between a compaction's two steps.
struct SaveLoop {
    let store: JSONStore

    /// Never returns normally.
    /// - Throws: the first error a save throws.
    func run() throws -> Never {
        var number = 1
        var generation = try store.currentGeneration()
        while true {
            let now = Date()
            let item = TodoItem(text: "stress \(number)", date: now, createdAt: now, version: 1)
            generation = try store.commit(after: generation) { changes in
                let batch = StoreBatch(generation: changes.generation + 1, items: [item])
                return (batch, batch.generation)
            }
            StressOutput.line(item.id.uuidString)
            number += 1
        }
    }
}
