import Foundation

/// A field of `TodoItem` that a person changes, the unit of per-property merging and undo.
///
/// Merge policies, undo and refresh work field by field over exactly these (as Core Data works
/// property by property); `id`, `createdAt` and `version` belong to the context, and
/// `modifiedAt` follows the fields it stamps.
enum ItemField: CaseIterable {
    case text, date, color, isDone, notes, priority, tags, hasTime, foreign

    /// True when `a` and `b` hold the same value in this field.
    func isEqual(_ a: TodoItem, _ b: TodoItem) -> Bool {
        switch self {
        case .text: a.text == b.text
        case .date: a.date == b.date
        case .color: a.color == b.color
        case .isDone: a.isDone == b.isDone
        case .notes: a.notes == b.notes
        case .priority: a.priority == b.priority
        case .tags: a.tags == b.tags
        case .hasTime: a.hasTime == b.hasTime
        case .foreign: a.foreign == b.foreign
        }
    }

    /// Copies this field's value from `source` into `target`.
    func copy(from source: TodoItem, into target: inout TodoItem) {
        switch self {
        case .text: target.text = source.text
        case .date: target.date = source.date
        case .color: target.color = source.color
        case .isDone: target.isDone = source.isDone
        case .notes: target.notes = source.notes
        case .priority: target.priority = source.priority
        case .tags: target.tags = source.tags
        case .hasTime: target.hasTime = source.hasTime
        case .foreign: target.foreign = source.foreign
        }
    }

    /// The fields in which `a` and `b` differ.
    static func differing(_ a: TodoItem, _ b: TodoItem) -> [ItemField] {
        allCases.filter { !$0.isEqual(a, b) }
    }
}
