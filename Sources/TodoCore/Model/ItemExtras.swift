import Foundation

/// An item's fields that most items leave empty (notes, tags, foreign properties, the start, the
/// repetition),
/// boxed (`TodoItem.extras`).
///
/// Immutable: a change makes a new box, so items sharing one never see each other's changes.
/// Equal and hashed by value, so two items compare as their fields do. A new rarely-set field
/// is one stored property of `Fields` (with its empty value as the default) and one line of
/// `Fields.isEmpty`.
final class ItemExtras: Sendable, Hashable {
    /// The boxed values; the defaults are the empty ones.
    struct Fields: Sendable, Hashable {
        var notes = ""
        var tags = TodoTags()
        var foreign = ForeignProperties()
        var start: Date?
        /// True when `start` is nil (`ItemExtras.make` sees to it): a flag without a start means
        /// nothing, and one value of it keeps equal items equal.
        var startHasTime = true
        var repetition: ItemRepetition?
        /// The item's list; nil for `TodoList.standardID`, which most stores' items belong to.
        var list: UUID?
        /// The VALARMs; `ItemExtras.make` moves any VALARM block of `foreign.iCalendar` here.
        var alarms: [TodoAlarm] = []

        /// True when every field has its empty value, so no box is needed.
        var isEmpty: Bool {
            notes.isEmpty && tags.isEmpty && foreign.isEmpty && start == nil && repetition == nil && list == nil
                && alarms.isEmpty
        }
    }

    let fields: Fields

    private init(_ fields: Fields) {
        self.fields = fields
    }

    /// A box of these values, or nil when all are empty.
    static func make(_ fields: Fields) -> ItemExtras? {
        guard !fields.isEmpty else { return nil }
        var fields = fields
        if fields.start == nil { fields.startHasTime = true }
        // A VALARM is an alarm wherever it came from: an import, a store of format 3, a caller.
        let (alarms, rest) = TodoAlarm.extract(from: fields.foreign.iCalendar)
        if !alarms.isEmpty {
            fields.alarms += alarms
            fields.foreign.iCalendar = rest
        }
        return ItemExtras(fields)
    }

    static func == (lhs: ItemExtras, rhs: ItemExtras) -> Bool {
        lhs === rhs || lhs.fields == rhs.fields
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }
}
