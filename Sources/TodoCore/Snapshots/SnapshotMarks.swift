/// Identifiers marked for reload or reconfiguration, in the order they were first marked.
///
/// Keeps the order so that the snapshot's `reloadedItemIdentifiers` and the difference built from
/// it are reproducible, and a set so that marking twice is cheap and idempotent.
@usableFromInline
struct SnapshotMarks<ID: Hashable>: Equatable {
    @usableFromInline private(set) var ordered: [ID] = []
    @usableFromInline private(set) var members: Set<ID> = []

    @usableFromInline
    init() {}

    @inlinable
    var isEmpty: Bool { ordered.isEmpty }

    /// Marks `id`; marking an identifier twice keeps its first place.
    /// - Complexity: O(1) amortized.
    mutating func insert(_ id: ID) {
        if members.insert(id).inserted {
            ordered.append(id)
        }
    }

    /// Forgets the marks of identifiers that left the snapshot.
    /// - Complexity: O(m) where m is the number of marks, plus O(1) per removed identifier.
    mutating func remove(where isRemoved: (ID) -> Bool) {
        guard !ordered.isEmpty else { return }
        ordered.removeAll(where: isRemoved)
        members = Set(ordered)
    }

    /// Forgets every mark.
    mutating func removeAll() {
        ordered.removeAll()
        members.removeAll()
    }

    @usableFromInline
    static func == (lhs: SnapshotMarks, rhs: SnapshotMarks) -> Bool {
        lhs.ordered == rhs.ordered
    }
}

extension SnapshotMarks: Sendable where ID: Sendable {}
