import Foundation
import Testing

@testable import todo_tui

@Suite("Table view batch updates")
struct TableViewUpdateTests {
    private func table(_ source: TestTableDataSource, height: Int = 10, log: TableLog = TableLog()) -> TableView {
        let table = TableView(source, height: height, log: log)
        table.animationsEnabled = false
        return table
    }

    @Test("an insert, a delete and a move apply against the right states and keep row contents")
    func applies() {
        let source = TestTableDataSource(["Today": ["a", "b", "c"], "Tomorrow": ["d", "e"]])
        let table = table(source)
        source.sections[0].rows = ["x", "a", "c"]
        source.sections[1].rows = ["b", "d", "e"]
        source.forgetReads()
        table.beginUpdates()
        table.insertRows(at: [path(0, 0)], with: .fade)
        table.moveRow(at: path(0, 1), to: path(1, 0))
        table.endUpdates()
        #expect(table.visibleTexts == ["x", "> a", "c", "b", "d", "e"])
        #expect(describe(table.currentFrame) == ["# Today", "x", "a", "c", "# Tomorrow", "b", "d", "e", "", ""])
        #expect(Set(source.cellReads) == [path(0, 0), path(1, 0)], "only the inserted and the moved rows are read")
        #expect(table.selectedIndexPath == path(0, 1), "the selection follows its item")
    }

    @Test("the selection follows its item across sections")
    func followsAcrossSections() {
        let source = TestTableDataSource(["Today": ["a", "b"], "Tomorrow": ["c"]])
        let table = table(source)
        table.selectRow(at: path(0, 1))
        source.sections = [.init(title: "Today", rows: ["a"]), .init(title: "Tomorrow", rows: ["c", "b"])]
        table.performBatchUpdates { table.moveRow(at: path(0, 1), to: path(1, 1)) }
        #expect(table.selectedIndexPath == path(1, 1))
        #expect(table.selectedIdentity == AnyHashable("b"))
    }

    @Test("a deleted selection goes to the row that took its place, else the one before, else nothing")
    func deletedSelection() {
        let source = TestTableDataSource(["Today": ["a", "b", "c"], "Tomorrow": ["d"]])
        let table = table(source)
        table.selectRow(at: path(0, 1))
        source.sections[0].rows = ["a", "c"]
        table.deleteRows(at: [path(0, 1)], with: .fade)
        #expect(table.selectedIdentity == AnyHashable("c"))
        table.selectRow(at: path(0, 1))
        source.sections = [.init(title: "Today", rows: ["a"])]
        table.performBatchUpdates {
            table.deleteRows(at: [path(0, 1)], with: .fade)
            table.deleteSections([1], with: .fade)
        }
        #expect(table.selectedIdentity == AnyHashable("a"), "at the end: the previous row")
        source.sections = []
        table.deleteSections([0], with: .fade)
        #expect(table.selectedIndexPath == nil)
        #expect(table.selectedIdentity == nil)
    }

    @Test("a deleted selection goes to the next row across a deleted section")
    func deletedSelectionAcrossSections() {
        let source = TestTableDataSource(["Today": ["a", "b"], "Tomorrow": ["c"], "Later": ["d"]])
        let table = table(source)
        table.selectRow(at: path(1, 0))
        source.sections = [.init(title: "Today", rows: ["a", "b"]), .init(title: "Later", rows: ["d"])]
        table.deleteSections([1], with: .fade)
        #expect(table.selectedIdentity == AnyHashable("d"))
    }

    @Test("an item deleted and inserted elsewhere keeps the selection when the data source finds it")
    func deleteAndInsert() {
        let source = TestTableDataSource(["Today": ["a", "b", "c"]])
        source.findsIdentities = true
        let table = table(source)
        table.selectRow(at: path(0, 0))
        source.sections[0].rows = ["b", "c", "a"]
        table.performBatchUpdates {
            table.deleteRows(at: [path(0, 0)], with: .fade)
            table.insertRows(at: [path(0, 2)], with: .fade)
        }
        #expect(table.selectedIndexPath == path(0, 2))
    }

    @Test("an inconsistent batch is logged with both counts and the table reloads, without crashing")
    func inconsistentBatch() throws {
        let log = TableLog()
        let source = TestTableDataSource(["Today": ["a", "b"]])
        let table = table(source, log: log)
        source.sections[0].rows = ["a", "b", "c"]
        table.animationsEnabled = true
        table.beginUpdates()
        table.endUpdates()
        let error = try #require(log.errors.first)
        #expect(
            error == .invalidRowCount(section: 0, before: 2, after: 3, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)
        )
        #expect(error.description.contains("after the update (3)"))
        #expect(error.description.contains("before the update (2)"))
        #expect(describe(table.currentFrame).prefix(4) == ["# Today", "a", "b", "c"])
        #expect(!table.isAnimating)
    }

    @Test("a section insert with a row insert into it, as the controller reports a new day, applies")
    func newDay() {
        let log = TableLog()
        let source = TestTableDataSource(["Today": ["a"]])
        let table = table(source, log: log)
        source.sections.insert(.init(title: "Tomorrow", rows: ["b"]), at: 0)
        table.performBatchUpdates {
            table.insertSections([0], with: .fade)
            table.insertRows(at: [path(0, 0)], with: .fade)
        }
        #expect(log.errors.isEmpty)
        #expect(describe(table.currentFrame).prefix(4) == ["# Tomorrow", "b", "# Today", "a"])
        #expect(table.selectedIdentity == AnyHashable("a"))
    }

    @Test("reloaded rows and sections read their content and title again")
    func reloads() {
        let source = TestTableDataSource(["Today": ["a", "b"]])
        let table = table(source)
        source.sections = [.init(title: "Yesterday", rows: ["a", "b"])]
        table.reloadSections([0], with: .none)
        #expect(describe(table.currentFrame).prefix(3) == ["# Yesterday", "a", "b"])
        source.sections[0].rows[1] = "b2"
        table.reloadRows(at: [path(0, 1)], with: .fade)
        #expect(describe(table.currentFrame).prefix(3) == ["# Yesterday", "a", "b2"])
    }

    @Test("the scroll offset stays unless the selection would leave the screen")
    func offsetAfterUpdate() {
        let source = TestTableDataSource(["Today": (0..<20).map { "r\($0)" }])
        let table = table(source, height: 6)
        table.selectRow(at: path(0, 10))
        let offset = table.contentOffset
        source.sections[0].rows.remove(at: 15)
        table.deleteRows(at: [path(0, 15)], with: .fade)
        #expect(table.contentOffset == offset)
        source.sections[0].rows.removeFirst(8)
        table.deleteRows(at: (0..<8).map { path(0, $0) }, with: .fade)
        #expect(table.selectedIndexPath == path(0, 2))
        #expect(table.indexPathsForVisibleRows.contains(path(0, 2)))
        #expect(table.contentOffset == 0)
    }
}
