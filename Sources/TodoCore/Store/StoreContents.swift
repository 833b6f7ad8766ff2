import Foundation

/// Everything a store file holds: the generation counter, the items in file order and the lists.
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
    /// The format version of the file these contents were read from; items of an older version
    /// are brought to this one's meaning (`upgradeItems(in:)`), and a save upgrades the file.
    /// Not part of equality.
    var formatVersion = StoreError.supportedVersion

    /// The lists in their order; never empty. A new store and a store of a format before lists
    /// hold one, `TodoList.standard`, which every item of such a store belongs to.
    public var lists: [TodoList]

    public init(generation: Int = 0, items: [TodoItem] = [], lists: [TodoList] = [TodoList.standard]) {
        precondition(!lists.isEmpty, "a store holds at least one list")
        self.generation = generation
        self.items = items
        self.lists = lists
    }

    public static func == (lhs: StoreContents, rhs: StoreContents) -> Bool {
        lhs.generation == rhs.generation && lhs.items == rhs.items && lhs.lists == rhs.lists
    }
}

extension StoreContents {
    /// Gives items read from a file of an older format version (`formatVersion`) this version's
    /// meaning, in `calendar`'s days: a version-1 item gets `hasTime` by that version's rule (a
    /// date at the start of its day is a whole day), and a whole-day item of version 1 or 2, whose
    /// date carried the time of day it was made at, moves to the start of its day, as whole days
    /// are kept from version 3 on. Nothing else changes. Does nothing for a current file.
    /// - Complexity: O(n), asking the calendar once per distinct day.
    mutating func upgradeItems(in calendar: Calendar) {
        // Version 3 items mean what version 4 items do; version 3 stores have one list, the
        // standard one, which is what items without a list key belong to.
        guard formatVersion < 3 else { return }
        let days = CalendarDayCache(calendar: calendar)
        let positions = idPositions
        for index in items.indices {
            guard let date = items[index].date else { continue }
            let start = days.startOfDay(containing: date)
            if formatVersion == 1 {
                items[index].hasTime = start != date
            } else if !items[index].hasTime, start != date {
                items[index].date = start
            }
        }
        // Only fields changed: every id is where it was.
        idPositions = positions
    }
}
