/// A property of an item that a filter tests by name: `done:`, `color:`, `date:`,
/// `priority:` (or `pri:`), `tag:` or `has:`.
///
/// `done`, `color`, `tag` and `has` take `:` (or `=`); `date` and `priority` also take `<`,
/// `<=`, `>` and `>=`.
public enum FilterField: String, CaseIterable, Sendable, Hashable {
    case done, color, date, priority, tag, has

    /// The field `name` names, case-insensitively; `pri` is short for `priority`.
    init?(name: String) {
        let lowered = name.lowercased()
        self.init(rawValue: lowered == "pri" ? "priority" : lowered)
    }

    /// Whether the field takes the ordering comparisons `<`, `<=`, `>` and `>=`.
    var isOrdered: Bool { self == .date || self == .priority }

    /// The values the field accepts, as a phrase that completes "use …".
    var valueHint: String {
        switch self {
        case .done: "yes, no, true or false"
        case .color: "one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))"
        case .date: DateInput.acceptedForms
        case .priority: "none, low, medium or high (or l, m, h)"
        case .tag: "a tag, such as tag:work"
        case .has: "notes, tags or priority"
        }
    }

    /// `done:yes`, `done:true` and their opposites, case-insensitively.
    static let doneValues = ["yes": true, "true": true, "no": false, "false": false]
}
