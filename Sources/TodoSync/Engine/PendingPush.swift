import Foundation
import TodoCore

/// A change that goes to the server after the local save.
enum PendingPush {
    /// PUT `item` at `url`, replacing the version `etag` (nil: only if nothing is there).
    case put(item: TodoItem, url: URL, etag: String?, isNew: Bool)
    /// DELETE the version `etag` at `url`.
    case delete(id: UUID, url: URL, etag: String?)
}
