import TodoSyncModel

/// A linked collection as a run's PROPFIND found it: its properties and change markers.
struct CollectionFound {
    var collection: CalendarCollection
    var marker: CollectionState

    /// True when its name and its being writable are what the state remembers of it.
    func agrees(with link: CollectionLink) -> Bool {
        collection.name == link.name && collection.writable != link.isReadOnly
    }
}
