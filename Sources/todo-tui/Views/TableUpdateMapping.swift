import Foundation
import TodoCore

/// A validated batch: where every section and row of the table before it goes, and where every
/// one after it comes from.
///
/// Built by `init(batch:before:after:)`, which checks the batch with `BatchUpdateValidator.tableView`
/// (`UITableView`'s rules); this type only maps the valid batch onto rows, sections and animations.
/// Rows that no operation names keep their order: in each section that exists before and after,
/// they fill, in order, the places that inserted and moved-in rows leave free. A section that is
/// reloaded counts as deleted and inserted at its new index; rows deleted from a deleted section,
/// and rows inserted into an inserted one, are legal and change nothing; moves out of a deleted
/// section and into an inserted one are legal.
struct TableUpdateMapping: Sendable {
    let batch: TableUpdateBatch
    /// For each old section, its new index; `nil` when deleted or reloaded.
    private let newSections: [Int?]
    /// For each new section, its old index; `nil` when inserted or reloaded.
    private let oldSections: [Int?]
    /// The animation of each old section that leaves (deleted or reloaded).
    private let leavingSections: [Int: RowAnimation]
    /// The animation of each new section that arrives (inserted or reloaded).
    private let arrivingSections: [Int: RowAnimation]
    /// For each kept old section, its rows that leave it (deleted or moved out), ascending.
    private let removedRows: [Int: [Int]]
    /// For each kept new section, its rows that arrive (inserted or moved in), ascending.
    private let placedRows: [Int: [Int]]
    /// Move sources by destination.
    private let moveSources: [IndexPath: IndexPath]

    /// Validates `batch` against the table's layout before it and the data source's row counts
    /// after it, and prepares the mapping.
    /// - Parameters:
    ///   - batch: the collected operations.
    ///   - before: the table's layout before the batch.
    ///   - after: the data source's number of rows in each section after the batch.
    /// - Throws: the first rule the batch breaks, in the order `BatchUpdateValidator.validate`
    ///   documents.
    /// - Complexity: O(s + k log k) for s sections and k operations.
    init(batch: TableUpdateBatch, before: TableLayout, after: [Int]) throws(BatchUpdateError) {
        let shape = try BatchUpdateValidator.tableView.validate(
            batch.operations, oldCounts: before.sections.map(\.rowCount), newCounts: after)
        // A reloaded section leaves and arrives at the same place: it maps to no section.
        var newSections = shape.newSections
        var oldSections = shape.oldSections
        var arrivingSections = batch.insertedSections
        for (old, animation) in batch.reloadedSections {
            if let new = newSections[old] {
                arrivingSections[new] = animation
                oldSections[new] = nil
            }
            newSections[old] = nil
        }
        self.batch = batch
        self.newSections = newSections
        self.oldSections = oldSections
        self.leavingSections = batch.deletedSections.merging(batch.reloadedSections) { first, _ in first }
        self.arrivingSections = arrivingSections
        var moveSources: [IndexPath: IndexPath] = [:]
        moveSources.reserveCapacity(batch.moves.count)
        for (source, destination) in batch.moves { moveSources[destination] = source }
        self.moveSources = moveSources
        var removed: [Int: [Int]] = [:]
        for path in Array(batch.deletedRows.keys) + Array(batch.moves.keys) where newSections[path.section] != nil {
            removed[path.section, default: []].append(path.row)
        }
        var placed: [Int: [Int]] = [:]
        for path in Array(batch.insertedRows.keys) + Array(moveSources.keys) where oldSections[path.section] != nil {
            placed[path.section, default: []].append(path.row)
        }
        self.removedRows = removed.mapValues { $0.sorted() }
        self.placedRows = placed.mapValues { $0.sorted() }
    }

    // MARK: Mapping

    /// Where an old section is after the batch; `nil` when it was deleted or reloaded.
    func newSection(forOld section: Int) -> Int? {
        newSections[section]
    }

    /// Where a new section was before the batch; `nil` when it was inserted or reloaded.
    func oldSection(forNew section: Int) -> Int? {
        oldSections[section]
    }

    /// How an old section's header leaves, or `nil` when the section stays.
    func exitAnimation(forSection section: Int) -> RowAnimation? {
        leavingSections[section]
    }

    /// How a new section's header arrives, or `nil` when the section was there before.
    func entryAnimation(forSection section: Int) -> RowAnimation? {
        arrivingSections[section]
    }

    /// Where an old row is after the batch: its move destination, else its place among the
    /// rows no operation moved; `nil` when it was deleted (directly or with its section).
    /// A reloaded row has a new path: the item stays, its content changes.
    /// - Complexity: O(log k) for k operations.
    func newPath(forOld path: IndexPath) -> IndexPath? {
        if let destination = batch.moves[path] { return destination }
        guard batch.deletedRows[path] == nil, let section = newSections[path.section] else { return nil }
        let kept = path.row - Self.count(removedRows[path.section], below: path.row)
        return IndexPath(item: Self.position(ofFree: kept, around: placedRows[section]), section: section)
    }

    /// Where a new row was before the batch: its move source, else its place among the rows no
    /// operation moved; `nil` when it was inserted (directly or with its section).
    /// - Complexity: O(log k) for k operations.
    func oldPath(forNew path: IndexPath) -> IndexPath? {
        if let source = moveSources[path] { return source }
        guard batch.insertedRows[path] == nil, let section = oldSections[path.section] else { return nil }
        let kept = path.row - Self.count(placedRows[path.section], below: path.row)
        return IndexPath(item: Self.position(ofFree: kept, around: removedRows[section]), section: section)
    }

    /// How an old row leaves: the animation of its delete, of its section's delete or reload, or
    /// of its reload (its old content leaves); `nil` when it stays or moves.
    func exitAnimation(forOld path: IndexPath) -> RowAnimation? {
        if batch.moves[path] != nil { return nil }
        return batch.deletedRows[path] ?? leavingSections[path.section] ?? batch.reloadedRows[path]
    }

    /// How a new row arrives: the animation of its insert, of its section's insert or reload, or
    /// of its reload (its new content arrives); `nil` when it was there before or moved.
    func entryAnimation(forNew path: IndexPath) -> RowAnimation? {
        if moveSources[path] != nil { return nil }
        if let animation = batch.insertedRows[path] ?? arrivingSections[path.section] { return animation }
        return oldPath(forNew: path).flatMap { batch.reloadedRows[$0] }
    }

    /// The first row after `path` (in the layout before the batch, reading order) that the
    /// batch leaves in place: in a section that stays, neither deleted nor moved.
    /// - Complexity: O(k + s) for k operations and s sections.
    func stationaryRow(after path: IndexPath, in layout: TableLayout) -> IndexPath? {
        for section in path.section..<layout.sections.count where newSections[section] != nil {
            let first = section == path.section ? path.row + 1 : 0
            for row in first..<max(first, layout.sections[section].rowCount) where isStationary(IndexPath(item: row, section: section)) {
                return IndexPath(item: row, section: section)
            }
        }
        return nil
    }

    /// The last row before `path` (in the layout before the batch, reading order) that the
    /// batch leaves in place.
    /// - Complexity: O(k + s) for k operations and s sections.
    func stationaryRow(before path: IndexPath, in layout: TableLayout) -> IndexPath? {
        for section in (0...path.section).reversed() where newSections[section] != nil {
            let end = section == path.section ? path.row : layout.sections[section].rowCount
            for row in (0..<end).reversed() where isStationary(IndexPath(item: row, section: section)) {
                return IndexPath(item: row, section: section)
            }
        }
        return nil
    }

    private func isStationary(_ path: IndexPath) -> Bool {
        batch.deletedRows[path] == nil && batch.moves[path] == nil
    }

    /// The number of sorted values below `value`.
    private static func count(_ sorted: [Int]?, below value: Int) -> Int {
        guard let sorted else { return 0 }
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the `rank`-th (from 0) integer that is not among the sorted, distinct
    /// `taken` values: `rank` plus the taken values that come before it.
    private static func position(ofFree rank: Int, around taken: [Int]?) -> Int {
        guard let taken else { return rank }
        // taken[i] - i counts the free indexes below taken[i]; it never decreases.
        var low = 0
        var high = taken.count
        while low < high {
            let middle = (low + high) / 2
            if taken[middle] - middle <= rank { low = middle + 1 } else { high = middle }
        }
        return rank + low
    }
}
