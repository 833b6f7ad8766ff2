import Foundation

/// An item's notes, tags, foreign properties and start, boxed (`TodoItem.extras`).
///
/// Immutable: a change makes a new box, so items sharing one never see each other's changes.
/// Equal and hashed by value, so two items compare as their fields do.
final class ItemExtras: Sendable, Hashable {
    let notes: String
    let tags: TodoTags
    let foreign: ForeignProperties
    let start: Date?
    /// True when `start` is nil: a flag without a start means nothing, and one value of it
    /// keeps equal items equal.
    let startHasTime: Bool

    private init(notes: String, tags: TodoTags, foreign: ForeignProperties, start: Date?, startHasTime: Bool) {
        self.notes = notes
        self.tags = tags
        self.foreign = foreign
        self.start = start
        self.startHasTime = start == nil || startHasTime
    }

    /// A box of these values, or nil when all are empty.
    static func make(
        notes: String, tags: TodoTags, foreign: ForeignProperties, start: Date?, startHasTime: Bool
    ) -> ItemExtras? {
        notes.isEmpty && tags.isEmpty && foreign.isEmpty && start == nil
            ? nil
            : ItemExtras(notes: notes, tags: tags, foreign: foreign, start: start, startHasTime: startHasTime)
    }

    static func == (lhs: ItemExtras, rhs: ItemExtras) -> Bool {
        lhs === rhs
            || (lhs.notes == rhs.notes && lhs.tags == rhs.tags && lhs.foreign == rhs.foreign && lhs.start == rhs.start
                && lhs.startHasTime == rhs.startHasTime)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(notes)
        hasher.combine(tags)
        hasher.combine(foreign)
        hasher.combine(start)
        hasher.combine(startHasTime)
    }
}
