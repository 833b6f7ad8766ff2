import Foundation

/// Items by id, stored as a base — an array of items with an index from id to slot — plus an
/// overlay of the values that differ from it.
///
/// Why not a plain dictionary of items: a context's tables are copied — its current values start
/// as its snapshot, a child context starts from its parent's current values — and a dictionary
/// copy is paid in full (O(n)) by the first write to either copy. Here writes go to the overlay,
/// so the large base stays shared between the copies and a write costs O(1) plus, while a copy
/// lives, one copy of the overlay. When the overlay outgrows a sixteenth of the base it is
/// folded in, which bounds that copy, keeps reads at two hash lookups and costs O(n) once per
/// n/16 writes.
///
/// Why an array and an index rather than a dictionary of items: a dictionary of whole values
/// keeps up to twice as many buckets as items, each the size of an item; the array holds
/// exactly the items and the index only ids and 4-byte slots. The index can be the one the store's reader built
/// to refuse duplicate ids, so loading hashes every id once, and walking the items is a walk
/// along an array.
struct ItemTable {
    /// The smallest overlay that is folded into the base.
    static let foldingMinimum = 256

    /// The base's items, in the order they were loaded and then added.
    fileprivate var slots: [TodoItem]
    /// Which slots hold an item a fold removed; empty while none does. Kept apart from `slots`
    /// so that a store's array of items becomes the base without a copy.
    fileprivate var isVacant: [Bool] = []
    /// The slot of every item in `slots`.
    fileprivate var positions: [UUID: Int32]
    /// Values that differ from the base; a nil value is an item absent here but in the base.
    fileprivate var overlay: [UUID: TodoItem?] = [:]
    /// How many items the table holds, overlay included.
    private(set) var count: Int

    /// A table of `items`; the first of two items with one id wins (a store file's reader refuses
    /// such a pair; a memory store may hold one).
    /// - Parameter positions: the slot of every id in `items`, when already known (the store's
    ///   reader builds it); it must describe `items` exactly and hold no duplicate.
    /// - Complexity: O(n); O(1) with `positions`.
    init(_ items: [TodoItem] = [], positions: [UUID: Int32]? = nil) {
        if let positions {
            precondition(positions.count == items.count, "the positions must index every item")
            slots = items
            self.positions = positions
            count = items.count
            return
        }
        var isVacant: [Bool] = []
        var built: [UUID: Int32] = [:]
        built.reserveCapacity(items.count)
        for (slot, item) in items.enumerated() {
            if let first = built.updateValue(Int32(slot), forKey: item.id) {
                // A repeated id: the first item keeps its slot, this one is dropped.
                built[item.id] = first
                if isVacant.isEmpty { isVacant = Array(repeating: false, count: items.count) }
                isVacant[slot] = true
            }
        }
        slots = items
        self.isVacant = isVacant
        self.positions = built
        count = built.count
    }

    /// A table of the dictionary's items.
    /// - Complexity: O(n).
    init(_ items: [UUID: TodoItem]) {
        self.init(Array(items.values))
    }

    /// The item with `id`, nil when absent. Setting nil removes the item.
    /// - Complexity: O(1) amortized; see the type's note on copies and folding.
    subscript(id: UUID) -> TodoItem? {
        get {
            if !overlay.isEmpty, let index = overlay.index(forKey: id) {
                return overlay[index].value
            }
            return baseValue(of: id)
        }
        set {
            // Each id hashed once per table, and no value copied to be compared: a save sets every
            // item it wrote in two tables.
            let slot = positions[id]
            let isBase: Bool
            switch (newValue, slot) {
            case (nil, nil): isBase = true
            case (let value?, let slot?): isBase = value == slots[Int(slot)]
            default: isBase = false
            }
            let wasPresent: Bool
            if let index = overlay.index(forKey: id) {
                wasPresent = overlay.values[index] != nil
                if isBase {
                    overlay.remove(at: index)
                } else {
                    overlay.values[index] = newValue
                }
            } else {
                wasPresent = slot != nil
                if !isBase { overlay.updateValue(newValue, forKey: id) }
            }
            count += (newValue != nil ? 1 : 0) - (wasPresent ? 1 : 0)
            foldIfLarge()
        }
    }

    private func baseValue(of id: UUID) -> TodoItem? {
        positions[id].map { slots[Int($0)] }
    }

    /// The items with `ids`, in that order, or nil when one of them is absent.
    ///
    /// Walks the base in step with `ids` while they agree and looks an id up only where they
    /// part: a store file lists its items in the list's order, so a freshly loaded table agrees
    /// with a cached list order throughout and the walk costs no hashing.
    /// - Complexity: O(k) for k ids, plus a hash lookup for each id out of step.
    func items(withIDs ids: [UUID]) -> [TodoItem]? {
        var items: [TodoItem] = []
        items.reserveCapacity(ids.count)
        let baseIsCurrent = overlay.isEmpty && isVacant.isEmpty
        for (index, id) in ids.enumerated() {
            if baseIsCurrent, index < slots.count, slots[index].id == id {
                items.append(slots[index])
            } else if let item = self[id] {
                items.append(item)
            } else {
                return nil
            }
        }
        return items
    }

    /// Every item in an array, in the order of iteration.
    /// - Complexity: O(1) while the base holds every current value (no overlay, no removed
    ///   slot: a freshly loaded or folded table), else O(n).
    var array: [TodoItem] {
        overlay.isEmpty && isVacant.isEmpty ? slots : Array(self)
    }

    /// Every id, in no particular order.
    /// - Complexity: O(n).
    var ids: Set<UUID> {
        var ids = Set(positions.keys)
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
        slots.removeAll()
        isVacant.removeAll()
        positions.removeAll()
        overlay.removeAll()
        count = 0
    }

    /// Moves the overlay into the base once it is large: replaced items take their slots, new
    /// ones are appended, removed ones leave an empty slot. Empty slots are squeezed out when
    /// they are a quarter of the base, which re-indexes every item.
    private mutating func foldIfLarge() {
        guard overlay.count > Self.foldingMinimum, overlay.count > positions.count / 16 else { return }
        // New items are indexed after the others are placed, in an index grown once for all of
        // them: a table filled from empty (a first pull) folds many times.
        var added: [(UUID, TodoItem)] = []
        for (id, value) in overlay {
            if let slot = positions[id] {
                if let value {
                    slots[Int(slot)] = value
                } else {
                    positions.removeValue(forKey: id)
                    if isVacant.isEmpty { isVacant = Array(repeating: false, count: slots.count) }
                    isVacant[Int(slot)] = true
                }
            } else if let value {
                added.append((id, value))
            }
        }
        if !added.isEmpty {
            positions.reserveCapacity(positions.count + added.count)
            for (id, value) in added {
                positions[id] = Int32(slots.count)
                slots.append(value)
            }
            if !isVacant.isEmpty { isVacant.append(contentsOf: repeatElement(false, count: added.count)) }
        }
        // The overlay fills again to about its size before the next fold.
        overlay.removeAll(keepingCapacity: true)
        if slots.count - positions.count > slots.count / 4 {
            self = ItemTable(slots.indices.filter { isVacant.isEmpty || !isVacant[$0] }.map { slots[$0] })
        }
    }
}

extension ItemTable: Sequence {
    /// Every item once, in no particular order: the base's items the overlay leaves alone, then
    /// the overlay's present ones. Nothing is copied up front.
    struct Iterator: IteratorProtocol {
        fileprivate let slots: [TodoItem]
        fileprivate let isVacant: [Bool]
        fileprivate var slot = 0
        fileprivate var overlay: Dictionary<UUID, TodoItem?>.Values.Iterator
        fileprivate let changed: [UUID: TodoItem?]

        mutating func next() -> TodoItem? {
            while slot < slots.count {
                defer { slot += 1 }
                if !isVacant.isEmpty, isVacant[slot] { continue }
                let item = slots[slot]
                if changed.isEmpty || changed.index(forKey: item.id) == nil { return item }
            }
            while let value = overlay.next() {
                if let value { return value }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator {
        Iterator(slots: slots, isVacant: isVacant, overlay: overlay.values.makeIterator(), changed: overlay)
    }

    var underestimatedCount: Int { count }
}
