import Foundation
import TodoCore

/// Appends one item per save, forever, acknowledging each durable save on standard output.
struct SaveLoop {
    let store: JSONStore

    /// Never returns normally.
    /// - Throws: the first error a save throws.
    func run() throws -> Never {
        var number = 1
        while true {
            let now = Date()
            let id = try store.modify { contents in
                let item = TodoItem(text: "stress \(number)", date: now, createdAt: now, version: 1)
                contents.items.append(item)
                contents.generation += 1
                return item.id
            }
            StressOutput.line(id.uuidString)
            number += 1
        }
    }
}
