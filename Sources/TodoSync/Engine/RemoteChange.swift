import TodoCore

/// What happened to one item on the server since the last sync.
enum RemoteChange {
    case unchanged
    /// New or changed: the resource and the item it holds.
    case changed(Resource, TodoItem)
    case deleted
}
