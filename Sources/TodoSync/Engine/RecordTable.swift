import Foundation
import TodoSyncModel

/// A run's records by item id, used like a dictionary, that remembers which ids it changed since
/// the state file was last written and what the file holds for each: a save then compares and
/// writes those few records instead of every one (`SyncRun.saveState()`).
struct RecordTable: Sequence {
    private var byID: [UUID: SyncRecord] = [:]
    /// The records the file holds besides these (`SyncRun.outsideRecords`): the file's value of
    /// an id this table lacks.
    private let fallback: [UUID: SyncRecord]
    /// Each id changed since the last save, with the file's record for it then (nil: none).
    private var before: [UUID: SyncRecord?] = [:]

    /// An empty table over the file's other records, `fallback`.
    init(fallback: [UUID: SyncRecord] = [:]) {
        self.fallback = fallback
    }

    /// The record of `id`. Setting it remembers the file's value the first time since a save.
    /// - Complexity: O(1) on average.
    subscript(id: UUID) -> SyncRecord? {
        get { byID[id] }
        set {
            // The old record comes back from the write itself: one lookup fewer per record set.
            let old: SyncRecord?
            if let newValue {
                old = byID.updateValue(newValue, forKey: id)
            } else {
                old = byID.removeValue(forKey: id)
            }
            if before.index(forKey: id) == nil { before[id] = .some(old ?? fallbackRecord(id)) }
        }
    }

    /// Adds the file's records as they are, without counting them as changed.
    /// - Complexity: O(1) on average.
    mutating func load(_ record: SyncRecord) {
        byID[record.id] = record
    }

    mutating func reserveCapacity(_ count: Int) {
        byID.reserveCapacity(count)
    }

    /// Makes room for `count` more records set through the subscript (and so remembered as
    /// changed), so that a run storing many grows neither table step by step.
    /// - Complexity: O(n) when the tables grow, else O(1).
    mutating func reserveCapacity(adding count: Int) {
        byID.reserveCapacity(byID.count + count)
        before.reserveCapacity(before.count + count)
    }

    /// True when the table has a record of `id`, found without copying it.
    /// - Complexity: O(1) on average.
    func contains(_ id: UUID) -> Bool {
        byID.index(forKey: id) != nil
    }

    /// Calls `body` with each id and its record in place, copying none.
    /// - Complexity: O(n).
    func forEachInPlace(_ body: (UUID, borrowing SyncRecord) throws -> Void) rethrows {
        var index = byID.startIndex
        while index != byID.endIndex {
            try body(byID.keys[index], byID.values[index])
            byID.formIndex(after: &index)
        }
    }

    var count: Int { byID.count }
    var keys: Dictionary<UUID, SyncRecord>.Keys { byID.keys }
    var values: Dictionary<UUID, SyncRecord>.Values { byID.values }

    func makeIterator() -> Dictionary<UUID, SyncRecord>.Iterator {
        byID.makeIterator()
    }

    /// What the state file holds for `id` when it was last written: this table's record, else
    /// the fallback's.
    private func saved(_ id: UUID) -> SyncRecord? {
        byID[id] ?? fallbackRecord(id)
    }

    /// The fallback's record of `id`; none without hashing the id when the fallback is empty, as
    /// it is unless records lie outside the collection.
    private func fallbackRecord(_ id: UUID) -> SyncRecord? {
        fallback.isEmpty ? nil : fallback[id]
    }

    /// The records (with the fallback's where this table lacks one) that differ from the file's
    /// since the last save, and the ids the file holds that are now gone; each in id order
    /// (`UUID.precedes`), as a whole state lists them.
    /// - Complexity: O(k log k) for k ids changed since the last save.
    func changes() -> (changed: [SyncRecord], removed: [UUID]) {
        var changed: [SyncRecord] = []
        var removed: [UUID] = []
        for (id, old) in before {
            let now = saved(id)
            guard now != old else { continue }
            if let now { changed.append(now) } else { removed.append(id) }
        }
        return (changed.sorted { $0.id.precedes($1.id) }, removed.sorted { $0.precedes($1) })
    }

    /// Every record with the fallback's where this table lacks one, in id order.
    /// - Complexity: O(n log n).
    func all() -> [SyncRecord] {
        let merged = fallback.isEmpty ? byID : fallback.merging(byID) { _, inside in inside }
        return merged.values.sorted { $0.id.precedes($1.id) }
    }

    /// Records that the state file now holds every record as this table has it.
    mutating func markSaved() {
        before.removeAll()
    }
}
