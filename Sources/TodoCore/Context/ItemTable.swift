import Foundation

/// Items by id, stored as a base dictionary plus an overlay of the values that differ from it.
///
/// Why not a plain dictionary: a context's tables are copied — its current values start as its
/// snapshot, a child context starts from its parent's current values — and a dictionary copy is
/// paid in full (O(n)) by the first write to either copy. Here writes go to the overlay, so the
/// large base stays shared between the copies and a write costs O(1) plus, while a copy lives,
/// one copy of the overlay. When the overlay outgrows a sixteenth of the base it is folded in,
/// which bounds that copy, keeps reads at two hash lookups and costs O(n) once per n/16 writes.
struct ItemTable {
    /// The smallest overlay that is folded into the base.
    static let foldingMinimum = 256

    fileprivate var base: [UUID: TodoItem]
    /// Values that differ from `base`; a nil value is an item absent here but present in `base`.
    fileprivate var overlay: [UUID: TodoItem?] = [:]

    init(_ items: [UUID: TodoItem] = [:]) {
        base = items
    }

    /// The item with `id`, nil when absent. Setting nil removes the item.
    /// - Complexity: O(1) amortized; see the type's note on copies and folding.
    subscript(id: UUID) -> TodoItem? {
        get {
            if let index = overlay.index(forKey: id) {
                return overlay[index].value
            }
            return base[id]
        }
        set {
            if newValue == base[id] {
                overlay.removeValue(forKey: id)
            } else {
                overlay.updateValue(newValue, forKey: id)
                foldIfLarge()
            }
        }
    }

    /// Every id, in no particular order.
    /// - Complexity: O(n).
    var ids: Set<UUID> {
        var ids = Set(base.keys)
        for (id, value) in overlay {
            if value == nil {
                ids.remove(id)
            } else {
                ids.insert(id)
            }
        }
        return ids
    }

    mutating func removeAll() {
        base.removeAll()
        overlay.removeAll()
    }

    private mutating func foldIfLarge() {
        guard overlay.count > Self.foldingMinimum, overlay.count > base.count / 16 else { return }
        for (id, value) in overlay {
            base[id] = value
        }
        overlay.removeAll()
    }
}

extension ItemTable: Sequence {
    /// Every item once, in no particular order: the base's items the overlay leaves alone, then
    /// the overlay's present ones. Nothing is copied up front.
    struct Iterator: IteratorProtocol {
        fileprivate var base: Dictionary<UUID, TodoItem>.Iterator
        fileprivate var overlay: Dictionary<UUID, TodoItem?>.Values.Iterator
        fileprivate let changed: [UUID: TodoItem?]

        mutating func next() -> TodoItem? {
            while let (id, item) = base.next() {
                if changed.index(forKey: id) == nil { return item }
            }
            while let value = overlay.next() {
                if let value { return value }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), overlay: overlay.values.makeIterator(), changed: overlay)
    }

    /// The base's size: a lower bound only when the overlay removes nothing.
    var underestimatedCount: Int { Swift.max(0, base.count - overlay.count) }
}
