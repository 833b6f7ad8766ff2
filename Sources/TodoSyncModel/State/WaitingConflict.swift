import Foundation

/// An item both sides changed that the policy (`error`) left undecided: the server's value,
/// kept with the sync state so that the open app can show mine and theirs, and the person's
/// choice can be carried out by a sync with `overwrite` (mine) or `rollback` (theirs).
public struct WaitingConflict: Sendable, Hashable, Codable {
    public var id: UUID
    /// The server's object resource as it was fetched.
    public var theirs: String

    public init(id: UUID, theirs: String) {
        self.id = id
        self.theirs = theirs
    }
}
