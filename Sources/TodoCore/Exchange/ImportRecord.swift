import Foundation

/// The fields of one item as an input states them, before defaults are applied.
///
/// Files from other tools often lack fields an item needs; `ImportCollector` fills them in:
/// the creation date is now when absent; the modification date is the creation date when
/// absent; a missing id is derived (`StableID`). A missing due date stays missing: the item has
/// no date.
struct ImportRecord {
    var id: UUID?
    var text: String
    var date: Date?
    var color: TodoColor = .default
    var isDone = false
    var createdAt: Date?
    var modifiedAt: Date?
    var notes = ""
    var priority = TodoPriority.none
    var tags = TodoTags()
    /// False for an input that names a whole day (iCalendar `VALUE=DATE`, a bare day).
    var hasTime = true
    /// The start ("not before"), and whether it names a time of day.
    var start: Date?
    var startHasTime = true
    /// How the to-do repeats, when the format says so in a way todo-tui computes.
    var repetition: ItemRepetition?
    /// When the item was completed, when the input says; only for a done item.
    var completedAt: Date?
    /// What the input said that no field of the item holds, kept to be written back.
    var foreign = ForeignProperties()
    /// The list the input puts the item in, when it names one (`ImportContents`).
    var list: TodoList?
}

extension ImportRecord {
    /// The colour `value` names, case-insensitively.
    /// - Parameter field: where the value stood ("column color", "todotuicolor"), for the message.
    /// - Throws: `ExchangeError` at `position` listing the eight names.
    static func color(
        _ value: some StringProtocol, in field: String, at position: ImportPosition, source: String
    ) throws(ExchangeError) -> TodoColor {
        guard let color = TodoColor(rawValue: value.lowercased()) else {
            let names = TodoColor.allCases.map(\.rawValue).joined(separator: ", ")
            throw position.error(
                "\(StoreError.quoted(String(value))) in \(field) is not one of the colours \(names)", source: source)
        }
        return color
    }
}
