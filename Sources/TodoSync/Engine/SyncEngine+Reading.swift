import Foundation
import TodoCore

extension SyncEngine {
    /// `item(from:name:)` of each resource (named by its URL), at the resource's index: the
    /// iCalendar read on every processor (`ObjectResourceReading`), then each item placed in its
    /// list here.
    /// - Complexity: O(total size of the resources) shared among the processors, plus one lookup
    ///   in the context per item.
    func items(from resources: [Resource]) -> [Result<TodoItem, ExchangeError>] {
        ObjectResourceReading.items(
            of: resources, now: now(), calendar: calendar, width: ProcessInfo.processInfo.activeProcessorCount
        ).map { $0.map(placedInList) }
    }
}
