import TodoCore

/// The user's answer to a conflict the merge policy left open (`AppMode.resolving`).
enum ConflictChoice: Equatable {
    /// Keep this side's values: written over the other writer's.
    case mine
    /// Take the other writer's values: this side's change is dropped.
    case theirs
    /// Take the other writer's values and keep this side's as a new to-do.
    case both

    /// The key that picks each choice, in the order shown.
    static let keys: [(key: Character, choice: ConflictChoice, label: String)] = [
        ("m", .mine, "keep mine"),
        ("t", .theirs, "take theirs"),
        ("b", .both, "keep both (mine as a new to-do)"),
    ]

    /// The choices as one line: the status line's key hints while a conflict is shown.
    static let hints = keys.map { "\($0.key) \($0.label)" }.joined(separator: "   ")

    /// The policy that carries the choice out for the conflicting items; `both` first adds the
    /// copies, then gives way like `theirs`.
    var policy: MergePolicy {
        switch self {
        case .mine: .overwrite
        case .theirs, .both: .rollback
        }
    }
}
