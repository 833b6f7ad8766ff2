import Foundation

/// Runs independent work together: requests over the transport's pool of connections (the first
/// answers of a run's pushes, the batches of a `calendar-multiget`), and the reading of many
/// resources' iCalendar on the processors (`ObjectResourceReading`).
enum InFlight {
    /// `body(i)` for every `i` in `0..<count`, at most `width` at a time, each result at its
    /// index. With a width of 1 everything runs here, in order, on the calling thread.
    /// - Complexity: `count` calls of `body`; the caller waits for the slowest.
    static func map<T: Sendable>(
        _ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> T
    ) -> [T] {
        guard width > 1, count > 1 else { return (0..<count).map(body) }
        let results = Results<T>(count: count)
        let group = DispatchGroup()
        for _ in 0..<min(width, count) {
            DispatchQueue.global().async(group: group) {
                while let index = results.claim() {
                    results.store(body(index), at: index)
                }
            }
        }
        group.wait()
        return results.all
    }

    /// The slots the workers fill, and the next index to claim, under one lock.
    private final class Results<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [T?]
        private var next = 0

        init(count: Int) {
            slots = Array(repeating: nil, count: count)
        }

        func claim() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ value: T, at index: Int) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = value
        }

        /// Every result; called once the workers are done, when every slot is filled.
        var all: [T] {
            lock.lock()
            defer { lock.unlock() }
            return slots.compactMap { $0 }
        }
    }
}
