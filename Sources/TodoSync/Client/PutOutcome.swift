import Foundation

/// How a PUT ended.
public enum PutOutcome: Sendable, Hashable {
    /// Stored; the new ETag when the server sent one.
    case stored(etag: String?)
    /// `If-Match` or `If-None-Match` failed: someone else wrote the resource first.
    case preconditionFailed
    /// The collection holds the same UID at another resource (CalDAV `no-uid-conflict`).
    case uidConflict(existing: URL?)
    /// Any other 4xx but 401 (403 Forbidden, 413 Content Too Large, …): the server refused this
    /// one resource; the run goes on with the others.
    case refused(status: Int)
}
