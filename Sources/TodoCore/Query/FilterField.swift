/// A property of an item that a filter tests by name: `done:`, `color:`, `date:`, `start:`,
/// `priority:` (or `pri:`), `tag:`, `has:`, `is:` or `list:`.
///
/// `color`, `tag`, `has`, `is` and `list` take `:` (or `=`); `date`, `start`, `done` and `priority` also
/// take `<`, `<=`, `>` and `>=` (`done` with a day: when the item was completed).
public enum FilterField: String, CaseIterable, Sendable, Hashable {
    case done, color, date, priority, tag, has, start, `is`, list

    /// The field `name` names, case-insensitively; `pri` is short for `priority`.
    init?(name: String) {
        let lowered = name.lowercased()
        self.init(rawValue: lowered == "pri" ? "priority" : lowered)
    }

    /// Whether the field takes the ordering comparisons `<`, `<=`, `>` and `>=`.
    var isOrdered: Bool { self == .date || self == .priority || self == .start || self == .done }

    /// The values the field accepts, as a phrase that completes "use …".
    var valueHint: String {
        switch self {
        case .done: "yes, no, true or false, or the day it was done (done:today, done>=mon)"
        case .color: "one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))"
        case .date, .start: DateInput.acceptedForms + ", or none"
        case .priority: "none, low, medium or high (or l, m, h)"
        case .tag: "a tag, such as tag:work"
        case .has: "notes, tags, priority, date, start, repeat or alarm"
        case .is: "ready (not done, and no start still ahead)"
        case .list: "the name of a list, such as list:Work"
        }
    }

    /// `done:yes`, `done:true` and their opposites, case-insensitively.
    static let doneValues = ["yes": true, "true": true, "no": false, "false": false]
}
