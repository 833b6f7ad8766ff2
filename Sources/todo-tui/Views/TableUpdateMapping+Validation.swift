import Foundation

extension TableUpdateMapping {
    /// Checks section indexes against the states they refer to, a section both deleted and
    /// reloaded, and the section count rule.
    static func checkSections(_ batch: TableUpdateBatch, oldCount: Int, newCount: Int) throws(TableUpdateError) {
        let checks: [(TableUpdateError.Operation, [Int: RowAnimation], Int)] = [
            (.delete, batch.deletedSections, oldCount),
            (.reload, batch.reloadedSections, oldCount),
            (.insert, batch.insertedSections, newCount),
        ]
        for (operation, sections, count) in checks {
            if let section = sections.keys.sorted().first(where: { $0 >= count }) {
                throw .sectionOutOfRange(operation, section: section, sectionCount: count)
            }
        }
        if let section = batch.deletedSections.keys.sorted().first(where: { batch.reloadedSections[$0] != nil }) {
            throw .conflictingSection(.delete, .reload, section: section)
        }
        let inserted = batch.insertedSections.count
        let deleted = batch.deletedSections.count
        guard newCount == oldCount + inserted - deleted else {
            throw .invalidSectionCount(before: oldCount, after: newCount, inserted: inserted, deleted: deleted)
        }
    }

    /// Checks row paths against the states they refer to and rows named by two operations.
    /// - Returns: the move sources by destination.
    static func checkRows(_ batch: TableUpdateBatch, before: TableLayout, after: [Int]) throws(TableUpdateError) -> [IndexPath: IndexPath] {
        let oldCounts = before.sections.map(\.rowCount)
        try checkRange(.delete, batch.deletedRows.keys, counts: oldCounts)
        try checkRange(.reload, batch.reloadedRows.keys, counts: oldCounts)
        try checkRange(.moveFrom, batch.moves.keys, counts: oldCounts)
        try checkRange(.insert, batch.insertedRows.keys, counts: after)
        try checkRange(.moveTo, batch.moves.values, counts: after)
        try checkDisjoint(.delete, batch.deletedRows.keys, .reload, Set(batch.reloadedRows.keys))
        try checkDisjoint(.delete, batch.deletedRows.keys, .moveFrom, Set(batch.moves.keys))
        try checkDisjoint(.reload, batch.reloadedRows.keys, .moveFrom, Set(batch.moves.keys))
        var sources: [IndexPath: IndexPath] = [:]
        sources.reserveCapacity(batch.moves.count)
        let hasConflict = batch.moves.contains { source, destination in sources.updateValue(source, forKey: destination) != nil }
        if hasConflict {
            // Found in hash order; reported as the first in path order, so the message is stable.
            sources.removeAll()
            for (source, destination) in batch.moves.sorted(by: { $0.key < $1.key }) {
                if sources.updateValue(source, forKey: destination) != nil {
                    throw .conflictingRow(.moveTo, .moveTo, destination)
                }
            }
        }
        try checkDisjoint(.insert, batch.insertedRows.keys, .moveTo, Set(sources.keys))
        return sources
    }

    /// Checks the row count of every section that exists before and after the batch.
    func checkCounts(before: TableLayout, after: [Int]) throws(TableUpdateError) {
        var deleted: [Int: Int] = [:]
        var movedOut: [Int: Int] = [:]
        var inserted: [Int: Int] = [:]
        var movedIn: [Int: Int] = [:]
        for path in batch.deletedRows.keys { deleted[path.section, default: 0] += 1 }
        for path in batch.insertedRows.keys { inserted[path.section, default: 0] += 1 }
        for (source, destination) in batch.moves {
            movedOut[source.section, default: 0] += 1
            movedIn[destination.section, default: 0] += 1
        }
        for old in before.sections.indices {
            guard let new = newSection(forOld: old) else { continue }
            let count = before.sections[old].rowCount
            let expected = count + inserted[new, default: 0] - deleted[old, default: 0]
                + movedIn[new, default: 0] - movedOut[old, default: 0]
            guard after[new] == expected else {
                throw .invalidRowCount(
                    section: old, before: count, after: after[new],
                    inserted: inserted[new, default: 0], deleted: deleted[old, default: 0],
                    movedIn: movedIn[new, default: 0], movedOut: movedOut[old, default: 0])
            }
        }
    }

    private static func checkRange<Paths: Collection<IndexPath>>(
        _ operation: TableUpdateError.Operation, _ paths: Paths, counts: [Int]
    ) throws(TableUpdateError) {
        // Sorting the paths (IndexPath's comparison is slow) is only worth it to report the first
        // bad one: a batch of 100,000 good rows is checked without it.
        let isInRange = { (path: IndexPath) in counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.row) }
        guard !paths.allSatisfy(isInRange) else { return }
        for path in paths.sorted() {
            guard counts.indices.contains(path.section) else {
                throw .rowSectionOutOfRange(operation, path, sectionCount: counts.count)
            }
            guard (0..<counts[path.section]).contains(path.row) else {
                throw .rowOutOfRange(operation, path, rowCount: counts[path.section])
            }
        }
    }

    private static func checkDisjoint<Paths: Collection<IndexPath>>(
        _ first: TableUpdateError.Operation, _ paths: Paths,
        _ second: TableUpdateError.Operation, _ others: Set<IndexPath>
    ) throws(TableUpdateError) {
        guard paths.contains(where: others.contains) else { return }
        if let path = paths.sorted().first(where: others.contains) {
            throw .conflictingRow(first, second, path)
        }
    }
}
