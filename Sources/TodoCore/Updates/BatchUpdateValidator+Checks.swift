import Foundation

extension BatchUpdateValidator {
    /// Checks section indexes, sections named twice and the section count.
    /// - Returns: for each new section its old one (`nil` when inserted), and for each old
    ///   section its new one (`nil` when deleted).
    static func checkSections(
        _ batch: SnapshotDifference, oldCount: Int, newCount: Int
    ) throws(BatchUpdateError)
        -> (oldSections: [Int?], newSections: [Int?])
    {
        let movedFrom = batch.movedSections.map(\.from)
        let movedTo = batch.movedSections.map(\.to)
        try checkRange(.delete, batch.deletedSections, count: oldCount)
        try checkRange(.reload, batch.reloadedSections, count: oldCount)
        try checkRange(.moveFrom, movedFrom, count: oldCount)
        try checkRange(.insert, batch.insertedSections, count: newCount)
        try checkRange(.moveTo, movedTo, count: newCount)
        try checkDisjoint(
            [(.delete, batch.deletedSections), (.reload, batch.reloadedSections), (.moveFrom, movedFrom)],
            pairs: [(0, 1), (0, 2), (1, 2)]
        ) { .conflictingSection($0, $1, section: $2) }
        try checkDisjoint([(.insert, batch.insertedSections), (.moveTo, movedTo)], pairs: [(0, 1)]) {
            .conflictingSection($0, $1, section: $2)
        }
        let inserted = batch.insertedSections.count
        let deleted = batch.deletedSections.count
        guard newCount == oldCount + inserted - deleted else {
            throw .invalidSectionCount(before: oldCount, after: newCount, inserted: inserted, deleted: deleted)
        }
        var oldSections = [Int?](repeating: nil, count: newCount)
        var newSections = [Int?](repeating: nil, count: oldCount)
        var leaving = [Bool](repeating: false, count: oldCount)
        var taken = [Bool](repeating: false, count: newCount)
        for section in batch.deletedSections { leaving[section] = true }
        for section in batch.insertedSections { taken[section] = true }
        for move in batch.movedSections {
            leaving[move.from] = true
            taken[move.to] = true
            oldSections[move.to] = move.from
            newSections[move.from] = move.to
        }
        // The staying sections keep their order in the places nothing else takes; the counts
        // checked above leave exactly one place for each.
        var free = (0..<newCount).lazy.filter { !taken[$0] }.makeIterator()
        for old in 0..<oldCount where !leaving[old] {
            guard let new = free.next() else { preconditionFailure("one free place per staying section") }
            oldSections[new] = old
            newSections[old] = new
        }
        return (oldSections, newSections)
    }

    /// Checks that every section index lies in `0..<count`, reporting the first that does not.
    static func checkRange(
        _ operation: BatchUpdateError.Operation, _ sections: [Int], count: Int
    ) throws(BatchUpdateError) {
        guard !sections.allSatisfy({ $0 >= 0 && $0 < count }) else { return }
        if let section = sections.sorted().first(where: { $0 < 0 || $0 >= count }) {
            throw .sectionOutOfRange(operation, section: section, sectionCount: count)
        }
    }

    /// Checks that every path names a section of `counts` and a row within it, reporting the
    /// first in path order that does not.
    static func checkRange(
        _ operation: BatchUpdateError.Operation, _ paths: [IndexPath], counts: [Int]
    ) throws(BatchUpdateError) {
        for path in paths {
            precondition(path.count == 2, "A table index path has a section and a row.")
        }
        // Sorting the paths (IndexPath's comparison is slow) is only worth it to report the first
        // bad one: a batch of 100,000 good rows is checked without it.
        // Comparisons, not ranges: a count computed from a batch that repeats a delete can be negative.
        let isInRange = { (path: IndexPath) in
            counts.indices.contains(path.section) && path.row >= 0 && path.row < counts[path.section]
        }
        guard !paths.allSatisfy(isInRange) else { return }
        for path in paths.sorted() {
            guard counts.indices.contains(path.section) else {
                throw .rowSectionOutOfRange(operation, path, sectionCount: counts.count)
            }
            guard path.row >= 0, path.row < counts[path.section] else {
                throw .rowOutOfRange(operation, path, rowCount: counts[path.section])
            }
        }
    }

    /// Checks that no list names one place twice and that the lists of each pair share none:
    /// first every list on its own, then the pairs in the order given; within one check the
    /// first place in index order is reported.
    static func checkDisjoint<Place: Hashable & Comparable>(
        _ lists: [(BatchUpdateError.Operation, [Place])], pairs: [(Int, Int)],
        _ conflict: (BatchUpdateError.Operation, BatchUpdateError.Operation, Place) -> BatchUpdateError
    ) throws(BatchUpdateError) {
        let sets = lists.map { Set($0.1) }
        for ((operation, places), set) in zip(lists, sets) where set.count != places.count {
            var seen = Set<Place>()
            if let place = places.sorted().first(where: { !seen.insert($0).inserted }) {
                throw conflict(operation, operation, place)
            }
        }
        for (first, second) in pairs where lists[first].1.contains(where: sets[second].contains) {
            if let place = lists[first].1.sorted().first(where: sets[second].contains) {
                throw conflict(lists[first].0, lists[second].0, place)
            }
        }
    }
}
