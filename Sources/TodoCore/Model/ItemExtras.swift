/// An item's notes, tags and foreign properties, boxed (`TodoItem.extras`).
///
/// Immutable: a change makes a new box, so items sharing one never see each other's changes.
/// Equal and hashed by value, so two items compare as their fields do.
final class ItemExtras: Sendable, Hashable {
    let notes: String
    let tags: TodoTags
    let foreign: ForeignProperties

    private init(notes: String, tags: TodoTags, foreign: ForeignProperties) {
        self.notes = notes
        self.tags = tags
        self.foreign = foreign
    }

    /// A box of these values, or nil when all three are empty.
    static func make(notes: String, tags: TodoTags, foreign: ForeignProperties) -> ItemExtras? {
        notes.isEmpty && tags.isEmpty && foreign.isEmpty ? nil : ItemExtras(notes: notes, tags: tags, foreign: foreign)
    }

    static func == (lhs: ItemExtras, rhs: ItemExtras) -> Bool {
        lhs === rhs || (lhs.notes == rhs.notes && lhs.tags == rhs.tags && lhs.foreign == rhs.foreign)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(notes)
        hasher.combine(tags)
        hasher.combine(foreign)
    }
}
