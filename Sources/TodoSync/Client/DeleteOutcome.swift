import Foundation

/// How a DELETE ended.
public enum DeleteOutcome: Sendable, Hashable {
    case deleted
    case alreadyGone
    /// The resource changed since the ETag given.
    case preconditionFailed
    /// Any other 4xx but 401: the server refused to delete this one resource.
    case refused(status: Int)
}
