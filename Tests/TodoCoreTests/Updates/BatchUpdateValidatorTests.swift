import Foundation
import Testing
import TodoCore
import TodoTestSupport

@Suite("Batch update validator: one set of rules, options where the clients differ")
struct BatchUpdateValidatorTests {
    /// Two sections of 3 and 2 rows.
    let before = [3, 2]

    private func error(_ after: [Int]?, _ batch: SnapshotDifference) -> BatchUpdateError? {
        error(.tableView, after, batch)
    }

    private func error(
        _ validator: BatchUpdateValidator, _ after: [Int]?, _ batch: SnapshotDifference
    ) -> BatchUpdateError? {
        do {
            _ = try validator.validate(batch, oldCounts: before, newCounts: after)
            return nil
        } catch {
            return error
        }
    }

    @Test("section indexes are checked against the frame each operation refers to")
    func sectionRanges() {
        #expect(error([3, 2], .init(deletedSections: [2])) == .sectionOutOfRange(.delete, section: 2, sectionCount: 2))
        #expect(
            error([3, 2], .init(reloadedSections: [-1])) == .sectionOutOfRange(.reload, section: -1, sectionCount: 2))
        #expect(
            error([3, 2, 0], .init(insertedSections: [3])) == .sectionOutOfRange(.insert, section: 3, sectionCount: 3))
        #expect(
            error(.strict, [2, 3], .init(movedSections: [.init(from: 2, to: 0)]))
                == .sectionOutOfRange(.moveFrom, section: 2, sectionCount: 2))
        #expect(
            error(.strict, [2, 3], .init(movedSections: [.init(from: 1, to: 2)]))
                == .sectionOutOfRange(.moveTo, section: 2, sectionCount: 2))
    }

    @Test("a section named twice is refused, before the section count")
    func sectionConflicts() {
        #expect(error([3, 2], .init(deletedSections: [1, 1])) == .conflictingSection(.delete, .delete, section: 1))
        #expect(
            error([3, 2], .init(deletedSections: [1], reloadedSections: [1]))
                == .conflictingSection(.delete, .reload, section: 1))
        #expect(
            error([3, 2], .init(deletedSections: [0], movedSections: [.init(from: 0, to: 1)]))
                == .conflictingSection(.delete, .moveFrom, section: 0))
        #expect(
            error([3, 2, 0], .init(insertedSections: [1], movedSections: [.init(from: 0, to: 1)]))
                == .conflictingSection(.insert, .moveTo, section: 1))
        #expect(
            error([3, 2], .init(movedSections: [.init(from: 0, to: 1), .init(from: 1, to: 1)]))
                == .conflictingSection(.moveTo, .moveTo, section: 1))
    }

    @Test("the section count must be the count before plus inserted minus deleted")
    func sectionCount() {
        #expect(
            error([3, 2, 1], SnapshotDifference()) == .invalidSectionCount(before: 2, after: 3, inserted: 0, deleted: 0)
        )
        #expect(
            error([3], .init(deletedSections: [1], insertedSections: [0]))
                == .invalidSectionCount(before: 2, after: 1, inserted: 1, deleted: 1))
    }

    @Test(
        """
        a row outside the sections differs from a row outside its section; move sources and destinations are told \
        apart
        """
    )
    func rowRanges() {
        #expect(
            error([3, 2], .init(deletedItems: [path(2, 0)]))
                == .rowSectionOutOfRange(.delete, path(2, 0), sectionCount: 2))
        #expect(error([2, 2], .init(deletedItems: [path(0, 3)])) == .rowOutOfRange(.delete, path(0, 3), rowCount: 3))
        #expect(
            error([3, 2], .init(reconfiguredItems: [path(1, 2)]))
                == .rowOutOfRange(.reconfigure, path(1, 2), rowCount: 2))
        #expect(
            error([3, 2], .init(movedItems: [.init(from: path(1, 5), to: path(0, 0))]))
                == .rowOutOfRange(.moveFrom, path(1, 5), rowCount: 2))
        #expect(
            error([3, 2], .init(movedItems: [.init(from: path(0, 0), to: path(0, 3))]))
                == .rowOutOfRange(.moveTo, path(0, 3), rowCount: 3))
        #expect(error([3, 3], .init(insertedItems: [path(1, 3)])) == .rowOutOfRange(.insert, path(1, 3), rowCount: 3))
        #expect(
            error(nil, .init(insertedItems: [path(2, 0)]))
                == .rowSectionOutOfRange(.insert, path(2, 0), sectionCount: 2))
        // Computed counts: the insert makes section 1 three rows long, so row 3 is outside it.
        #expect(error(nil, .init(insertedItems: [path(1, 3)])) == .rowOutOfRange(.insert, path(1, 3), rowCount: 3))
        #expect(
            error([3, 2], .init(deletedItems: [path(0, 4), path(0, 3)]))
                == .rowOutOfRange(.delete, path(0, 3), rowCount: 3))
    }

    @Test("a row named twice is refused; a reload and a reconfigure of one row are not a conflict")
    func rowConflicts() {
        #expect(
            error([2, 2], .init(deletedItems: [path(0, 1), path(0, 1)]))
                == .conflictingRow(.delete, .delete, path(0, 1)))
        #expect(
            error([2, 2], .init(deletedItems: [path(0, 1)], reloadedItems: [path(0, 1)]))
                == .conflictingRow(.delete, .reload, path(0, 1)))
        #expect(
            error([3, 2], .init(deletedItems: [path(0, 1)], movedItems: [.init(from: path(0, 1), to: path(0, 0))]))
                == .conflictingRow(.delete, .moveFrom, path(0, 1)))
        #expect(
            error([3, 2], .init(movedItems: [.init(from: path(0, 1), to: path(0, 0))], reloadedItems: [path(0, 1)]))
                == .conflictingRow(.reload, .moveFrom, path(0, 1)))
        #expect(
            error(
                [3, 2], .init(movedItems: [.init(from: path(0, 1), to: path(0, 0))], reconfiguredItems: [path(0, 1)]))
                == .conflictingRow(.moveFrom, .reconfigure, path(0, 1)))
        #expect(
            error(
                [3, 2],
                .init(movedItems: [.init(from: path(0, 0), to: path(0, 2)), .init(from: path(0, 1), to: path(0, 2))]))
                == .conflictingRow(.moveTo, .moveTo, path(0, 2)))
        #expect(
            error([4, 2], .init(insertedItems: [path(0, 0)], movedItems: [.init(from: path(0, 2), to: path(0, 0))]))
                == .conflictingRow(.insert, .moveTo, path(0, 0)))
        #expect(error([3, 2], .init(reloadedItems: [path(0, 1)], reconfiguredItems: [path(0, 1)])) == nil)
        // With counts computed, a repeated delete must not be counted twice before it is refused.
        #expect(
            error(nil, .init(deletedItems: [path(1, 0), path(1, 0), path(1, 1)], insertedItems: [path(1, 0)]))
                == .conflictingRow(.delete, .delete, path(1, 0)))
    }

    @Test("a row count that does not add up is refused in UIKit's words")
    func rowCount() {
        let refused = error([3, 2], .init(movedItems: [.init(from: path(0, 0), to: path(1, 0))]))
        #expect(
            refused
                == .invalidRowCount(section: 0, before: 3, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
        #expect(
            BatchUpdateError.invalidRowCount(
                section: 0, before: 3, after: 4, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0
            ).description
                == "Invalid update: invalid number of rows in section 0: the number of rows contained in an existing "
                + "section after the update (4) must be equal to the number of rows contained in that section "
                + "before the update (3), plus or minus the number of rows inserted or deleted from that "
                + "section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out "
                + "of that section (0 moved in, 0 moved out)."
        )
        // A reloaded section is replaced: its rows are not counted.
        #expect(error([3, 7], .init(reloadedSections: [1])) == nil)
    }

    @Test("option deletedSectionRows: rows left in a deleted section go with it, or are refused")
    func deletedSectionRows() {
        let batch = SnapshotDifference(deletedSections: [1], deletedItems: [path(1, 0)])
        #expect(error(.tableView, [3], batch) == nil)
        #expect(error(.strict, [3], batch) == .rowsLeftInDeletedSection(section: 1, count: 1))
        let emptied = SnapshotDifference(
            deletedSections: [1], deletedItems: [path(1, 0)], movedItems: [.init(from: path(1, 1), to: path(0, 3))])
        #expect(error(.strict, [4], emptied) == nil)
        #expect(error(.tableView, [3], SnapshotDifference(deletedSections: [1])) == nil)
        #expect(
            BatchUpdateError.rowsLeftInDeletedSection(section: 1, count: 1).description
                == "Invalid update: attempt to delete section 1, which still contains 1 rows that are neither deleted "
                + "nor moved out."
        )
    }

    @Test("option checksInsertedSectionCounts: an inserted section holds what is inserted and moved in, or anything")
    func insertedSectionCounts() {
        let batch = SnapshotDifference(insertedSections: [2], insertedItems: [path(2, 0)])
        #expect(error(.tableView, [3, 2, 5], batch) == nil)
        #expect(
            error(.strict, [3, 2, 5], batch)
                == .invalidRowCountInInsertedSection(section: 2, after: 5, inserted: 1, movedIn: 0))
        #expect(error(.strict, [3, 2, 1], batch) == nil)
        let lenient = BatchUpdateValidator(
            deletedSectionRows: .mustBeDeletedExplicitly, checksInsertedSectionCounts: false)
        #expect(error(lenient, [3, 2, 5], batch) == nil)
    }

    @Test("the shape says where each section goes: moves, inserts, deletes and reloads")
    func shape() throws {
        let batch = SnapshotDifference(
            deletedSections: [0], insertedSections: [0], movedSections: [.init(from: 1, to: 2)], reloadedSections: [2],
            deletedItems: [path(0, 0), path(0, 1), path(0, 2)])
        let shape = try BatchUpdateValidator.strict.validate(batch, oldCounts: [3, 2, 4], newCounts: [0, 4, 2])
        #expect(shape.oldSections == [nil, 2, 1])
        #expect(shape.newSections == [nil, 2, 1])
        #expect(shape.newCounts == [0, 4, 2])
    }

    // MARK: Random batches against a reference model

    @Test("600 random batches: the counts and sections agree with a model of the table, and each corruption is refused")
    func randomBatches() throws {
        var random = SplitMix64(seed: 143)
        for round in 0..<600 {
            let old: State = (0..<Int.random(in: 0...4, using: &random)).map { section in
                (id: section, rows: (0..<Int.random(in: 0...4, using: &random)).map { section * 100 + $0 })
            }
            let (new, batch) = Self.randomChange(of: old, movesSections: round % 2 == 1, using: &random)
            let oldCounts = old.map(\.rows.count)
            let newCounts = new.map(\.rows.count)
            let sources = new.map { section in old.firstIndex { $0.id == section.id } }
            for validator in [BatchUpdateValidator.strict, .tableView] {
                let shape = try validator.validate(batch, oldCounts: oldCounts, newCounts: newCounts)
                #expect(shape.newCounts == newCounts, "\(batch)")
                #expect(shape.oldSections == sources, "\(batch)")
            }
            #expect(
                try BatchUpdateValidator.strict.validate(batch, oldCounts: oldCounts).newCounts == newCounts, "\(batch)"
            )
            if !newCounts.isEmpty {
                var wrong = newCounts
                wrong[Int.random(in: 0..<wrong.count, using: &random)] += 1
                #expect(throws: BatchUpdateError.self, "\(batch)") {
                    try BatchUpdateValidator.strict.validate(batch, oldCounts: oldCounts, newCounts: wrong)
                }
            }
            if let repeated = batch.insertedItems.randomElement(using: &random) {
                var twice = batch
                twice.insertedItems.append(repeated)
                #expect(throws: BatchUpdateError.self, "\(batch)") {
                    try BatchUpdateValidator.tableView.validate(twice, oldCounts: oldCounts, newCounts: newCounts)
                }
            }
            if let emptied = batch.deletedSections.first, oldCounts[emptied] > 0,
                !batch.movedItems.contains(where: { $0.from.section == emptied })
            {
                // Without its rows' deletes, a deleted section's rows go with it only by UIKit's rules.
                var lax = batch
                lax.deletedItems.removeAll { $0.section == emptied }
                #expect(
                    throws: BatchUpdateError.rowsLeftInDeletedSection(section: emptied, count: oldCounts[emptied]),
                    "\(batch)"
                ) {
                    try BatchUpdateValidator.strict.validate(lax, oldCounts: oldCounts, newCounts: newCounts)
                }
                #expect(
                    try BatchUpdateValidator.tableView.validate(lax, oldCounts: oldCounts, newCounts: newCounts)
                        .newCounts == newCounts)
            }
        }
    }

    /// A table state: section identifiers with their rows' identifiers, all distinct.
    private typealias State = [(id: Int, rows: [Int])]

    /// A random new state from `old`, and the batch that names every change: deleted sections and
    /// rows, inserted ones, sections moved (all staying ones, when `movesSections`), rows whose
    /// section changed moved. Rows that stay in their section are not named.
    private static func randomChange(
        of old: State, movesSections: Bool, using random: inout SplitMix64
    )
        -> (new: State, batch: SnapshotDifference)
    {
        var nextID = 1_000
        var kept = old.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.map { (id: $0.id, rows: [Int]()) }
        if movesSections { kept.shuffle(using: &random) }
        var new: State = kept
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            new.insert((id: nextID, rows: []), at: Int.random(in: 0...new.count, using: &random))
            nextID += 1
        }
        let allRows = old.flatMap(\.rows)
        if !new.isEmpty {
            for row in allRows.shuffled(using: &random) where Int.random(in: 0..<5, using: &random) > 0 {
                new[Int.random(in: 0..<new.count, using: &random)].rows.append(row)
            }
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                let section = Int.random(in: 0..<new.count, using: &random)
                new[section].rows.insert(nextID, at: Int.random(in: 0...new[section].rows.count, using: &random))
                nextID += 1
            }
        }
        var oldPlace: [Int: (section: Int, path: IndexPath)] = [:]
        for (section, entry) in old.enumerated() {
            for (row, id) in entry.rows.enumerated() {
                oldPlace[id] = (entry.id, IndexPath(item: row, section: section))
            }
        }
        var newPlace: [Int: (section: Int, path: IndexPath)] = [:]
        for (section, entry) in new.enumerated() {
            for (row, id) in entry.rows.enumerated() {
                newPlace[id] = (entry.id, IndexPath(item: row, section: section))
            }
        }
        var batch = SnapshotDifference()
        let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
        let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
        batch.deletedSections = old.indices.filter { newIndex[old[$0].id] == nil }
        batch.insertedSections = new.indices.filter { oldIndex[new[$0].id] == nil }
        if movesSections {
            batch.movedSections = new.indices.compactMap { index in
                oldIndex[new[index].id].map { .init(from: $0, to: index) }
            }
        }
        for (id, place) in oldPlace {
            guard let target = newPlace[id] else {
                batch.deletedItems.append(place.path)
                continue
            }
            if target.section != place.section { batch.movedItems.append(.init(from: place.path, to: target.path)) }
        }
        batch.insertedItems = newPlace.filter { oldPlace[$0.key] == nil }.map(\.value.path)
        return (new, batch)
    }
}
