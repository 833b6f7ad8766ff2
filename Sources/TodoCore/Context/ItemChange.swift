import Foundation

/// One item's value before and after a processed change; nil means absent (inserted or deleted).
///
/// Undo groups are lists of these: undoing restores `before`, redoing restores `after`.
struct ItemChange: Sendable, Hashable {
    var id: UUID
    var before: TodoItem?
    var after: TodoItem?

    /// The change that undoes this one.
    var inverted: ItemChange { ItemChange(id: id, before: after, after: before) }
}
