/// How `save()` settles a conflict: an item this context changed whose stored version moved
/// since the context read it (DESIGN §3.3).
public enum MergePolicy: String, Sendable, Hashable, CaseIterable {
    /// The save fails with `SaveError.conflicts`; nothing is written. The default.
    case error
}
