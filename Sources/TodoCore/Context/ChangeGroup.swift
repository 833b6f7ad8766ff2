import Foundation

/// One processed batch as the undo history keeps it: its item changes and, when it changed the
/// lists, the lists before and after.
struct ChangeGroup: Sendable, Hashable {
    var items: [ItemChange]
    var lists: ListsChange?

    /// The group that undoes this one: the item changes inverted in reverse order, the lists
    /// swapped.
    var inverted: ChangeGroup {
        ChangeGroup(items: items.reversed().map(\.inverted), lists: lists?.inverted)
    }
}
