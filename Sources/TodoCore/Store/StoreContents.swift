import Foundation

/// Everything a store file holds: the generation counter and the items in file order.
public struct StoreContents: Sendable, Equatable {
    /// Bumped by every save; a reader that sees a new generation knows the file changed.
    public var generation: Int
    public var items: [TodoItem] {
        didSet { idPositions = nil }
    }
    /// Where each id sits in `items`, when the reader already hashed every id to refuse
    /// duplicates: a context loading these contents indexes its items with it instead of
    /// hashing them again. Nil when unknown; any change to `items` forgets it. Not part of
    /// equality.
    var idPositions: [UUID: Int32]?
    /// The format version of the file these contents were read from; version 1 items had no
    /// `hasTime` (see `JSONStore.load()`), and a save upgrades the file. Not part of equality.
    var formatVersion = StoreError.supportedVersion

    public init(generation: Int = 0, items: [TodoItem] = []) {
        self.generation = generation
        self.items = items
    }

    public static func == (lhs: StoreContents, rhs: StoreContents) -> Bool {
        lhs.generation == rhs.generation && lhs.items == rhs.items
    }
}

extension StoreContents {
    /// Gives every item `hasTime` by the rule of format version 1, whose items had no such
    /// field: a date at the start of its day in `calendar` is a whole day.
    /// - Complexity: O(n), asking the calendar once per distinct day.
    mutating func deriveTimesOfDay(in calendar: Calendar) {
        let days = CalendarDayCache(calendar: calendar)
        let positions = idPositions
        for index in items.indices {
            items[index].hasTime = days.startOfDay(containing: items[index].date) != items[index].date
        }
        // Only a field changed: every id is where it was.
        idPositions = positions
    }
}
