import Foundation

extension TodoItem {
    /// `date` with `hasTime`, read and written together; nil for an item with no date.
    public var dueDate: ItemDate? {
        get { date.map { ItemDate(date: $0, hasTime: hasTime) } }
        set {
            date = newValue?.date
            hasTime = newValue?.hasTime ?? true
        }
    }

    /// `start` with `startHasTime`, read and written together; nil for an item without a start.
    public var startDate: ItemDate? {
        get { start.map { ItemDate(date: $0, hasTime: startHasTime) } }
        set {
            start = newValue?.date
            startHasTime = newValue?.hasTime ?? true
        }
    }

    /// Whether the item's start is still ahead of `now`: it cannot be started yet.
    /// - Complexity: O(1).
    public func startsAfter(_ now: Date) -> Bool {
        start.map { $0 > now } ?? false
    }
}
