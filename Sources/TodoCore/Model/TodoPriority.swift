/// How much a to-do matters: none, low, medium or high.
///
/// Ordered so that `high` is greatest. The exchange formats map these onto their own scales
/// (iCalendar PRIORITY 1–4 high, 5 medium, 6–9 low; Taskwarrior H/M/L; todo.txt (A)/(B)/(C)); a
/// finer foreign value is kept verbatim in `ForeignProperties`, not here.
public enum TodoPriority: Int, CaseIterable, Comparable, Sendable, Hashable, CustomStringConvertible {
    case none = 0, low, medium, high

    /// `"none"`, `"low"`, `"medium"` or `"high"`: the store's and the command line's spelling.
    public var name: String {
        switch self {
        case .none: "none"
        case .low: "low"
        case .medium: "medium"
        case .high: "high"
        }
    }

    public var description: String { name }

    /// The priority named `name`: `none`, `low`, `medium`, `high`, or `h`, `m`, `l`, in any case.
    public init?(name: String) {
        switch name.lowercased() {
        case "none": self = .none
        case "low", "l": self = .low
        case "medium", "m": self = .medium
        case "high", "h": self = .high
        default: return nil
        }
    }

    public static func < (lhs: TodoPriority, rhs: TodoPriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
