/// What one sync run did, for the CLI's summary line and the app's status line.
public struct SyncReport: Sendable, Hashable {
    /// Items the server added, changed or deleted that were applied here.
    public var pulledAdded = 0
    public var pulledChanged = 0
    public var pulledDeleted = 0
    /// Items this store added, changed or deleted that went to the server.
    public var pushedAdded = 0
    public var pushedChanged = 0
    public var pushedDeleted = 0
    /// Items both sides changed that the merge policy settled.
    public var merged = 0
    /// Texts of items both sides changed that wait, because the policy (`error`) settles nothing.
    public var waitingConflicts: [String] = []
    /// Server resources that could not be read as one to-do, with the reason; left untouched.
    public var unreadable: [String] = []
    /// True when the run saved changes to the local store.
    public var wroteLocally = false
    /// True when the collection had not changed and no listing was fetched.
    public var remoteUnchanged = false

    public init() {}

    /// One line: what moved in each direction, or that nothing did.
    public var summary: String {
        var parts: [String] = []
        let pulled = [(pulledAdded, "added"), (pulledChanged, "changed"), (pulledDeleted, "deleted")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let pushed = [(pushedAdded, "added"), (pushedChanged, "changed"), (pushedDeleted, "deleted")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        if !pulled.isEmpty { parts.append("from the server: " + pulled.joined(separator: ", ")) }
        if !pushed.isEmpty { parts.append("to the server: " + pushed.joined(separator: ", ")) }
        if merged > 0 { parts.append("\(merged) merged") }
        if !waitingConflicts.isEmpty {
            parts.append(
                "\(waitingConflicts.count) conflict\(waitingConflicts.count == 1 ? "" : "s") waiting "
                    + "(\(waitingConflicts.prefix(3).map { "'\($0)'" }.joined(separator: ", ")))"
            )
        }
        if !unreadable.isEmpty { parts.append("\(unreadable.count) unreadable on the server, left alone") }
        return parts.isEmpty ? "In sync; nothing changed." : "Synced: " + parts.joined(separator: "; ") + "."
    }
}
