import Foundation

/// A field of `TodoItem` that a person changes, the unit of per-property merging and undo.
///
/// Merge policies, undo and refresh work field by field over exactly these (as Core Data works
/// property by property); `id`, `createdAt` and `version` belong to the context, and
/// `modifiedAt` follows the fields it stamps. `date` and `hasTime` are one field: a re-date
/// carries whether the new date is a whole day, and removing the date is a change of it like
/// any other; so are `start` and `startHasTime`, and `isDone` and `completedAt` (a completion
/// carries when it happened). `tags` changed on both sides are merged as sets
/// (`merge(_:base:into:)`) instead of one side winning.
enum ItemField: CaseIterable {
    case text, date, start, color, isDone, notes, priority, tags, foreign, repetition, list, alarms

    /// True when `a` and `b` hold the same value in this field.
    func isEqual(_ a: TodoItem, _ b: TodoItem) -> Bool {
        switch self {
        case .text: a.text == b.text
        case .date: a.dueDate == b.dueDate
        case .start: a.startDate == b.startDate
        case .color: a.color == b.color
        case .isDone: a.isDone == b.isDone && a.completedAt == b.completedAt
        case .notes: a.notes == b.notes
        case .priority: a.priority == b.priority
        case .tags: a.tags == b.tags
        case .foreign: a.foreign == b.foreign
        case .repetition: a.repetition == b.repetition
        case .list: a.listID == b.listID
        case .alarms: a.alarms == b.alarms
        }
    }

    /// Copies this field's value from `source` into `target`.
    func copy(from source: TodoItem, into target: inout TodoItem) {
        switch self {
        case .text: target.text = source.text
        case .date: target.dueDate = source.dueDate
        case .start: target.startDate = source.startDate
        case .color: target.color = source.color
        case .isDone:
            target.isDone = source.isDone
            target.completedAt = source.completedAt
        case .notes: target.notes = source.notes
        case .priority: target.priority = source.priority
        case .tags: target.tags = source.tags
        case .foreign: target.foreign = source.foreign
        case .repetition: target.repetition = source.repetition
        case .list: target.listID = source.listID
        case .alarms: target.alarms = source.alarms
        }
    }

    /// Whether both sides' changes to this field can be kept together (true for tags).
    var mergesBothSides: Bool { self == .tags }

    /// Keeps `other`'s change to this field beside `target`'s, both made since `base`: for
    /// tags, the additions and removals of both sides (`TodoTags.merging`).
    /// - Precondition: `mergesBothSides`.
    func merge(_ other: TodoItem, base: TodoItem, into target: inout TodoItem) {
        precondition(mergesBothSides, "only tags merge both sides")
        target.tags = TodoTags.merging(base: base.tags, kept: target.tags, other: other.tags)
    }

    /// The fields in which `a` and `b` differ.
    static func differing(_ a: TodoItem, _ b: TodoItem) -> [ItemField] {
        allCases.filter { !$0.isEqual(a, b) }
    }
}
