import Foundation
import TodoCore

/// Reads the iCalendar of many object resources side by side, on every processor.
///
/// Each resource's item depends on its own bytes alone: `ICalendarFormat.item(fromObjectResource:
/// name:now:calendar:)` is a pure function of them, the time and the calendar. So the resources
/// are read in chunks on up to `width` threads, and the answers come back in the resources'
/// order: the same answers, errors included, as reading them one after the other.
package enum ObjectResourceReading {
    /// Resources per chunk: enough that handing out a chunk costs nothing beside reading it, few
    /// enough that the threads finish together.
    package static let chunkSize = 128

    /// The item each resource holds, or why it cannot be read, at the resource's index.
    /// - Parameters:
    ///   - now: the time the reading happens at (an item stating no creation time was made then).
    ///   - width: the most chunks read at once; 1 (or one chunk) reads them here, in order.
    /// - Complexity: O(total size of the resources), shared among `width` threads.
    package static func items(
        of resources: [Resource], now: Date, calendar: Calendar, width: Int
    ) -> [Result<TodoItem, ExchangeError>] {
        let chunks = stride(from: 0, to: resources.count, by: chunkSize).map {
            $0..<min($0 + chunkSize, resources.count)
        }
        return InFlight.map(chunks.count, width: width) { chunk in
            chunks[chunk].map { index in
                Result { () throws(ExchangeError) -> TodoItem in
                    try ICalendarFormat.item(
                        fromObjectResource: resources[index].bytes, name: resources[index].url.absoluteString,
                        now: now, calendar: calendar)
                }
            }
        }.flatMap { $0 }
    }
}
