import Foundation
import Testing

@testable import todo_tui

@Suite("Table view animation frames")
struct TableViewAnimationTests {
    private func frames(_ table: TableView) -> [[String]] {
        table.animationFrames.map(describe)
    }

    @Test("a delete with .fade: the row dissolves, then the rows below close the gap")
    func deleteFade() {
        let source = TestTableDataSource(["Today": ["a", "b", "c", "d"]])
        let table = TableView(source, height: 6)
        source.sections[0].rows.remove(at: 1)
        table.deleteRows(at: [path(0, 1)], with: .fade)
        let all = frames(table)
        #expect(all.count == 10)
        #expect(all[0] == ["# Today", "a", "b ~4/5", "c", "d", ""])
        #expect(all[3] == ["# Today", "a", "b ~1/5", "c", "d", ""])
        #expect(all[4] == ["# Today", "a", "", "c", "d", ""])
        #expect(all[6] == ["# Today", "a", "", "c", "d", ""])
        #expect(all[7] == ["# Today", "a", "c", "d", "", ""])
        #expect(all[9] == ["# Today", "a", "c", "d", "", ""])
        #expect(all[9] == describe(table.viewport.frame()))
    }

    @Test(
        "phases share the frames: exit and travel for a delete, travel and entry for an insert, entry alone at the end")
    func phases() {
        let source = TestTableDataSource(["Today": ["a", "b"]])
        let table = TableView(source, height: 5)
        source.sections[0].rows.append("c")
        table.insertRows(at: [path(0, 2)], with: .fade)
        let all = frames(table)
        #expect(all.count == 10)
        #expect(all[0] == ["# Today", "a", "b", "c ~1/10", ""], "nothing travels: the entry phase has every frame")
        table.frameCount = 3
        table.finishAnimation()
        source.sections[0].rows = ["x", "a", "c"]
        table.performBatchUpdates {
            table.insertRows(at: [path(0, 0)], with: .fade)
            table.deleteRows(at: [path(0, 1)], with: .fade)
        }
        #expect(
            frames(table) == [
                ["# Today", "a", "", "c", ""],
                ["# Today", "", "a", "c", ""],
                ["# Today", "x", "a", "c", ""],
            ], "one frame per phase; a one-step fade is over at once")
    }

    @Test("a row moving far travels across the screen though both its ends are off screen")
    func crossingMove() {
        let rows = (0..<30).map { "r\($0)" }
        let source = TestTableDataSource([TestTableDataSource.Section(title: nil, rows: rows)])
        let table = TableView(source, height: 5)
        table.selectRow(at: path(0, 12))
        source.sections[0].rows.remove(at: 0)
        source.sections[0].rows.append("r0")
        table.moveRow(at: path(0, 0), to: path(0, 29))
        #expect(frames(table).contains { $0.contains("r0") }, "r0 crosses the viewport on its way down")
        #expect(frames(table).last?.contains("r0") == false)
    }
}
