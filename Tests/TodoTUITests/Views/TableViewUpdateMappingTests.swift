import Foundation
import Testing
import TodoCore

@testable import todo_tui

@Suite("Table view batch validation and mapping")
struct TableViewUpdateMappingTests {
    /// Two sections of 3 and 2 rows.
    let before = TableLayout(sections: [.init(title: "A", rowCount: 3), .init(title: "B", rowCount: 2)])

    private func validate(
        _ after: [Int], _ build: (inout TableUpdateBatch) -> Void
    ) -> Result<TableUpdateMapping, BatchUpdateError> {
        var batch = TableUpdateBatch()
        build(&batch)
        return Result { () throws(BatchUpdateError) in
            try TableUpdateMapping(batch: batch, before: before, after: after)
        }
    }

    private func error(_ after: [Int], _ build: (inout TableUpdateBatch) -> Void) -> BatchUpdateError? {
        if case .failure(let error) = validate(after, build) { return error }
        return nil
    }

    @Test("a row count that does not add up is refused with both counts in UIKit's words")
    func rowCount() throws {
        let refused = try #require(error([4, 2]) { _ in })
        #expect(
            refused
                == .invalidRowCount(section: 0, before: 3, after: 4, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))
        #expect(
            refused.description
                == "Invalid update: invalid number of rows in section 0: the number of rows contained in an existing "
                + "section after the update (4) must be equal to the number of rows contained in that section "
                + "before the update (3), plus or minus the number of rows inserted or deleted from that "
                + "section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out "
                + "of that section (0 moved in, 0 moved out)."
        )
        #expect(
            error([3, 2]) { $0.moveRow(at: path(0, 0), to: path(1, 0)) }
                == .invalidRowCount(section: 0, before: 3, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
    }

    @Test("a section count that does not add up is refused with both counts")
    func sectionCount() throws {
        let refused = try #require(error([3, 2, 1]) { _ in })
        #expect(refused == .invalidSectionCount(before: 2, after: 3, inserted: 0, deleted: 0))
        #expect(refused.description.contains("after the update (3) must be equal to the number before the update (2)"))
    }

    @Test("paths outside the state they refer to are refused")
    func ranges() {
        #expect(
            error([2, 2]) { $0.deleteRows(at: [path(0, 3)], with: .fade) }
                == .rowOutOfRange(.delete, path(0, 3), rowCount: 3))
        #expect(
            error([3, 3]) { $0.insertRows(at: [path(1, 3)], with: .fade) }
                == .rowOutOfRange(.insert, path(1, 3), rowCount: 3))
        #expect(
            error([3, 2]) { $0.reloadRows(at: [path(2, 0)], with: .fade) }
                == .rowSectionOutOfRange(.reload, path(2, 0), sectionCount: 2))
        #expect(
            error([3, 2]) { $0.deleteSections([2], with: .fade) }
                == .sectionOutOfRange(.delete, section: 2, sectionCount: 2))
        #expect(
            error([3, 2, 0]) { $0.insertSections([3], with: .fade) }
                == .sectionOutOfRange(.insert, section: 3, sectionCount: 3))
        #expect(
            error([3, 2]) { $0.moveRow(at: path(0, 0), to: path(0, 3)) }
                == .rowOutOfRange(.moveTo, path(0, 3), rowCount: 3))
        #expect(
            BatchUpdateError.rowOutOfRange(.delete, path(0, 3), rowCount: 3).description
                == "Invalid update: attempt to delete row 3 of section 0, which contains only 3 rows before the update."
        )
    }

    @Test("two operations on one path, or one twice, are refused")
    func conflicts() {
        #expect(
            error([2, 2]) {
                $0.deleteRows(at: [path(0, 1)], with: .fade)
                $0.deleteRows(at: [path(0, 1)], with: .left)
            }
                == .conflictingRow(.delete, .delete, path(0, 1)))
        #expect(
            error([2, 2]) {
                $0.deleteRows(at: [path(0, 1)], with: .fade)
                $0.reloadRows(at: [path(0, 1)], with: .fade)
            }
                == .conflictingRow(.delete, .reload, path(0, 1)))
        #expect(
            error([3, 2]) {
                $0.deleteRows(at: [path(0, 1)], with: .fade)
                $0.moveRow(at: path(0, 1), to: path(0, 0))
            }
                == .conflictingRow(.delete, .moveFrom, path(0, 1)))
        #expect(
            error([3, 2]) {
                $0.moveRow(at: path(0, 0), to: path(0, 2))
                $0.moveRow(at: path(0, 1), to: path(0, 2))
            }
                == .conflictingRow(.moveTo, .moveTo, path(0, 2)))
        #expect(
            error([4, 2]) {
                $0.insertRows(at: [path(0, 0)], with: .fade)
                $0.moveRow(at: path(0, 2), to: path(0, 0))
            }
                == .conflictingRow(.insert, .moveTo, path(0, 0)))
        #expect(
            error([3, 2]) {
                $0.deleteSections([1], with: .fade)
                $0.reloadSections([1], with: .fade)
            }
                == .conflictingSection(.delete, .reload, section: 1))
        #expect(
            BatchUpdateError.conflictingRow(.delete, .reload, path(0, 1)).description
                == "Invalid update: attempt to delete and reload row 1 of section 0.")
    }

    @Test("moves out of a deleted section and into an inserted one are legal, as the controller emits them")
    func crossSectionMoves() throws {
        // Before: A = [a0 a1 a2], B = [b0 b1]. After: A = [a0 a1 a2 b0], new C = [b1]; B deleted.
        let mapping = try validate([4, 1]) {
            $0.deleteSections([1], with: .fade)
            $0.insertSections([1], with: .fade)
            $0.moveRow(at: path(1, 0), to: path(0, 3))
            $0.moveRow(at: path(1, 1), to: path(1, 0))
        }.get()
        #expect(mapping.newPath(forOld: path(1, 0)) == path(0, 3))
        #expect(mapping.oldPath(forNew: path(1, 0)) == path(1, 1))
        #expect(mapping.newSection(forOld: 1) == nil)
        #expect(mapping.oldSection(forNew: 1) == nil)
        #expect(mapping.entryAnimation(forSection: 1) == .fade)
    }

    @Test("rows deleted with their section and inserted with theirs are legal and redundant")
    func redundantRows() throws {
        let mapping = try validate([3, 1]) {
            $0.deleteSections([1], with: .left)
            $0.deleteRows(at: [path(1, 0), path(1, 1)], with: .right)
            $0.insertSections([1], with: .top)
            $0.insertRows(at: [path(1, 0)], with: .bottom)
        }.get()
        #expect(mapping.exitAnimation(forOld: path(1, 1)) == .right)
        #expect(mapping.entryAnimation(forNew: path(1, 0)) == .bottom)
        #expect(mapping.newPath(forOld: path(1, 0)) == nil)
    }

    @Test("untouched rows keep their order around deletes, inserts and moves, in both directions")
    func mapping() throws {
        // A: [a0 a1 a2] → delete a1, insert x at 0, move a2 to B's end: A = [x a0]; B = [b0 b1 a2].
        let mapping = try validate([2, 3]) {
            $0.deleteRows(at: [path(0, 1)], with: .fade)
            $0.insertRows(at: [path(0, 0)], with: .fade)
            $0.moveRow(at: path(0, 2), to: path(1, 2))
            $0.reloadRows(at: [path(1, 1)], with: .none)
        }.get()
        #expect(mapping.newPath(forOld: path(0, 0)) == path(0, 1))
        #expect(mapping.newPath(forOld: path(0, 1)) == nil)
        #expect(mapping.newPath(forOld: path(0, 2)) == path(1, 2))
        #expect(mapping.newPath(forOld: path(1, 1)) == path(1, 1))
        #expect(mapping.oldPath(forNew: path(0, 0)) == nil)
        #expect(mapping.oldPath(forNew: path(0, 1)) == path(0, 0))
        #expect(mapping.oldPath(forNew: path(1, 2)) == path(0, 2))
        #expect(mapping.entryAnimation(forNew: path(1, 1)) == RowAnimation.none)
        #expect(mapping.exitAnimation(forOld: path(0, 2)) == nil)
        #expect(mapping.stationaryRow(after: path(0, 1), in: before) == path(1, 0))
        #expect(mapping.stationaryRow(before: path(0, 2), in: before) == path(0, 0))
    }

    @Test("a reloaded section is replaced at its new index")
    func reloadedSection() throws {
        // Insert a section at 0 and reload old section 0: it becomes new section 1.
        let mapping = try validate([1, 3, 2]) {
            $0.insertSections([0], with: .fade)
            $0.reloadSections([0], with: .left)
        }.get()
        #expect(mapping.newSection(forOld: 0) == nil)
        #expect(mapping.newSection(forOld: 1) == 2)
        #expect(mapping.entryAnimation(forSection: 1) == .left)
        #expect(mapping.exitAnimation(forSection: 0) == .left)
        #expect(mapping.entryAnimation(forNew: path(1, 2)) == .left)
    }
}
