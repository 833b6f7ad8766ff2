import Foundation
import Testing
import TodoTestSupport

@testable import todo_tui

@Suite("Table view selection and scrolling")
struct TableViewSelectionTests {
    /// "Today" with 10 rows t0…t9, "Tomorrow" with 10 rows m0…m9: 22 lines.
    private func twoDays() -> TestTableDataSource {
        TestTableDataSource(["Today": (0..<10).map { "t\($0)" }, "Tomorrow": (0..<10).map { "m\($0)" }])
    }

    @Test("the first row is selected at start; moving goes across sections and skips headers")
    func moving() {
        let source = twoDays()
        let table = TableView(source, height: 8)
        #expect(table.selectedIndexPath == path(0, 0))
        #expect(table.selectedIdentity == AnyHashable("t0"))
        for _ in 0..<10 { table.selectNext() }
        #expect(table.selectedIndexPath == path(1, 0))
        table.selectPrevious()
        #expect(table.selectedIndexPath == path(0, 9))
        table.selectLast()
        #expect(table.selectedIndexPath == path(1, 9))
        table.selectNext()
        #expect(table.selectedIndexPath == path(1, 9), "the last row stays selected")
        table.selectFirst()
        #expect(table.selectedIndexPath == path(0, 0))
        table.selectPrevious()
        #expect(table.selectedIndexPath == path(0, 0))
    }

    @Test("scrolling keeps the selection visible with a margin and the section header on top")
    func scrollingWithStickyHeader() {
        let source = twoDays()
        let table = TableView(source, height: 8)
        #expect(describe(table.currentFrame) == ["# Today", "t0", "t1", "t2", "t3", "t4", "t5", "t6"])
        for _ in 0..<6 { table.selectNext() }
        #expect(table.selectedIndexPath == path(0, 6))
        #expect(table.contentOffset == 2)
        #expect(describe(table.currentFrame) == ["# Today", "t2", "t3", "t4", "t5", "t6", "t7", "t8"])
        for _ in 0..<4 { table.selectNext() }
        #expect(table.selectedIndexPath == path(1, 0))
        #expect(describe(table.currentFrame) == ["# Today", "t7", "t8", "t9", "# Tomorrow", "m0", "m1", "m2"])
        for _ in 0..<3 { table.selectNext() }
        #expect(
            describe(table.currentFrame) == ["# Tomorrow", "m0", "m1", "m2", "m3", "m4", "m5", "m6"],
            """
            t9 at the top would have no day above it, and one line up would cut the margin below m3: the view starts \
            at the next header
            """
        )
        table.selectPrevious()
        table.selectNext()
        #expect(
            describe(table.currentFrame) == ["# Tomorrow", "m0", "m1", "m2", "m3", "m4", "m5", "m6"],
            "the next section's header takes over the top line")
        table.selectFirst()
        #expect(table.contentOffset == 0)
        #expect(table.visibleTexts.first == "> t0")
    }

    @Test("wherever the selection goes, the top line never shows a row without its day above it")
    func noRowWithoutItsDay() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<200 {
            let sections = (0..<Int.random(in: 1...6, using: &random)).map { section in
                TestTableDataSource.Section(
                    title: "D\(section)", rows: (0..<Int.random(in: 1...5, using: &random)).map { "s\(section)r\($0)" })
            }
            let table = TableView(TestTableDataSource(sections), height: Int.random(in: 2...9, using: &random))
            let moves: [(TableView) -> Void] = [
                { $0.selectNext() }, { $0.selectPrevious() }, { $0.pageDown() }, { $0.pageUp() }, { $0.selectLast() },
                { $0.selectFirst() },
            ]
            for _ in 0..<40 {
                moves.randomElement(using: &random)?(table)
                let frame = describe(table.currentFrame)
                guard let top = frame.first, !top.hasPrefix("#") else { continue }
                // A row on top is fine only under its own sticky header, which replaces it.
                Issue.record("row \(top) shown without its day: \(frame)")
                return
            }
        }
    }

    @Test("paging moves the selection and the view by the visible height")
    func paging() {
        let table = TableView(twoDays(), height: 8)
        table.pageDown()
        #expect(table.selectedIndexPath == path(0, 6))
        #expect(table.contentOffset == 4, "6 lines down, less 2 to restore the margin above the selection")
        #expect(describe(table.currentFrame).first == "# Today")
        table.pageDown()
        #expect(table.selectedIndexPath == path(1, 1))
        #expect(table.contentOffset == 9, "not 10, which would show t9 at the top without its day")
        #expect(describe(table.currentFrame).prefix(3) == ["# Today", "t9", "# Tomorrow"])
        table.pageDown()
        table.pageDown()
        #expect(table.selectedIndexPath == path(1, 9))
        #expect(table.contentOffset == 14)
        table.pageUp()
        #expect(table.selectedIndexPath == path(1, 3))
        table.pageUp()
        table.pageUp()
        table.pageUp()
        #expect(table.selectedIndexPath == path(0, 0))
        #expect(table.contentOffset == 0)
    }

    @Test("a resize lays the table out again at once and keeps the selection visible")
    func resize() {
        let table = TableView(twoDays(), height: 12)
        table.selectRow(at: path(0, 9))
        #expect(table.contentOffset == 1)
        table.setSize(width: 30, height: 5)
        #expect(table.width == 30)
        #expect(table.indexPathsForVisibleRows.contains(path(0, 9)))
        #expect(describe(table.currentFrame).count == 5)
        table.setSize(width: 30, height: 40)
        #expect(table.contentOffset == 0)
        #expect(table.indexPathsForVisibleRows.count == 20)
    }

    @Test("a row is selected by its item's identity where the data source finds it")
    func selectByIdentity() {
        let source = twoDays()
        let table = TableView(source, height: 8)
        #expect(!table.selectRow(withIdentity: "m4"), "a data source that cannot find items")
        source.findsIdentities = true
        #expect(table.selectRow(withIdentity: "m4"))
        #expect(table.selectedIndexPath == path(1, 4))
        #expect(!table.selectRow(withIdentity: "nothing"))
        #expect(table.selectedIndexPath == path(1, 4))
    }

    @Test("an empty table selects nothing and moving does nothing")
    func empty() {
        let table = TableView(TestTableDataSource([]), height: 5)
        #expect(table.selectedIndexPath == nil)
        table.selectNext()
        table.pageDown()
        table.selectLast()
        #expect(table.selectedIndexPath == nil)
        #expect(describe(table.currentFrame) == ["", "", "", "", ""])
    }

    @Test("reloadData keeps the selection on its item when the data source can find it")
    func reloadKeepsItem() {
        let source = twoDays()
        source.findsIdentities = true
        let table = TableView(source, height: 8)
        table.selectRow(at: path(1, 2))
        source.sections[0].rows.removeFirst(5)
        table.reloadData()
        #expect(table.selectedIndexPath == path(1, 2))
        source.sections[1].rows.remove(at: 2)
        table.reloadData()
        #expect(table.selectedIndexPath == path(1, 2), "the item is gone: the same place is kept")
        #expect(table.selectedIdentity == AnyHashable("m3"))
    }

    @Test("the table reads identities and cells of visible rows only, among a million")
    func millionRows() {
        let source = CountingDataSource(rowCount: 1_000_000)
        let table = TableView(dataSource: source, width: 40, height: 20, log: { _ in })
        #expect(source.rowReads.count == 19, "20 lines: the header and 19 rows")
        #expect(source.rowReads.allSatisfy { $0.row < 19 })
        source.rowReads = []
        table.selectLast()
        #expect(table.selectedIndexPath == path(0, 999_999))
        #expect(source.rowReads.count == 19)
        #expect(source.rowReads.allSatisfy { $0.row >= 999_999 - 19 })
        source.rowReads = []
        table.selectPrevious()
        #expect(source.rowReads.isEmpty, "no new row became visible")
        let before = Set(table.indexPathsForVisibleRows)
        table.pageUp()
        #expect(Set(source.rowReads) == Set(table.indexPathsForVisibleRows).subtracting(before))
        #expect(source.rowReads.count > 10)
        #expect(source.sectionReads == 2, "one count at start, none while scrolling")
    }
}

/// One section "All" of `rowCount` generated rows; counts what the table reads.
final class CountingDataSource: TableViewDataSource {
    let rowCount: Int
    var rowReads: [IndexPath] = []
    var sectionReads = 0

    init(rowCount: Int) {
        self.rowCount = rowCount
    }

    func numberOfSections() -> Int {
        sectionReads += 1
        return 1
    }

    func numberOfRows(inSection section: Int) -> Int {
        sectionReads += 1
        return rowCount
    }

    func titleForHeader(inSection section: Int) -> String? { "All" }

    func identityForRow(at indexPath: IndexPath) -> AnyHashable { AnyHashable(indexPath.row) }

    func cellForRow(at indexPath: IndexPath) -> RowCell {
        rowReads.append(indexPath)
        return RowCell("Row \(indexPath.row)")
    }
}
