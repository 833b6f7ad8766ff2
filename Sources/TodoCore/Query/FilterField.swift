/// A property of an item that a filter tests by name: `done:`, `color:` or `date:`.
///
/// `done` and `color` take `:` (or `=`); `date` also takes `<`, `<=`, `>` and `>=`.
public enum FilterField: String, CaseIterable, Sendable, Hashable {
    case done, color, date

    /// Whether the field takes the ordering comparisons `<`, `<=`, `>` and `>=`.
    var isOrdered: Bool { self == .date }

    /// The values the field accepts, as a phrase that completes "use …".
    var valueHint: String {
        switch self {
        case .done: "yes, no, true or false"
        case .color: "one of \(TodoColor.allCases.map(\.rawValue).joined(separator: ", "))"
        case .date: DateInput.acceptedForms
        }
    }

    /// `done:yes`, `done:true` and their opposites, case-insensitively.
    static let doneValues = ["yes": true, "true": true, "no": false, "false": false]
}
