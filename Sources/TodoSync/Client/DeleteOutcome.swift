import Foundation

/// How a DELETE ended.
public enum DeleteOutcome: Sendable, Hashable {
    case deleted
    case alreadyGone
    /// The resource changed since the ETag given.
    case preconditionFailed
}
