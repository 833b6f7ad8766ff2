import Foundation
import Testing

@testable import todo_tui

@Suite("Table view rendering of animation frames")
struct TableViewRenderingTests {
    /// Plays a batch on a table of `source` and returns its frames as rendered screens.
    private func play(
        _ source: TestTableDataSource, height: Int, change: (TestTableDataSource, TableView) -> Void
    ) -> [Screen] {
        let table = TableView(source, width: 16, height: height)
        change(source, table)
        let frames = table.playAnimation()
        #expect(frames.count == table.frameCount)
        #expect(frames.last == table.screen, "the last frame is the table at rest")
        return frames
    }

    @Test("a delete with .fade: the row dissolves dimmed, leaves a gap, then the rows below close it")
    func deleteFade() {
        let frames = play(
            TestTableDataSource(["Today": ["Buy milk", "Call Mum", "Pay rent", "Water plants"]]), height: 6
        ) { source, table in
            source.sections[0].rows.remove(at: 1)
            table.deleteRows(at: [path(0, 1)], with: .fade)
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "Cal  Mum", "Pay rent", "Water plants", ""])
        #expect(frames[0].styleMap == ["BBBBB", "RRRRRRRRRRRRRRRR", "DDDDDDDD", "", "", ""])
        #expect(frames[4].lines == ["Today", "Buy milk", "", "Pay rent", "Water plants", ""])
        #expect(frames[9].lines == ["Today", "Buy milk", "Pay rent", "Water plants", "", ""])
    }

    @Test("a delete with .left: the text slides out to the left")
    func deleteLeft() {
        let frames = play(TestTableDataSource(["Today": ["Buy milk", "Call Mum", "Pay rent"]]), height: 5) {
            source, table in
            source.sections[0].rows.remove(at: 2)
            table.deleteRows(at: [path(0, 2)], with: .left)
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "Call Mum", "ay rent", ""])
        #expect(frames[5].lines == ["Today", "Buy milk", "Call Mum", "ent", ""])
        #expect(frames[9].lines == ["Today", "Buy milk", "Call Mum", "", ""])
    }

    @Test("an insert with .fade: the rows below make room, then the row appears dimmed, glyph by glyph")
    func insertFade() {
        let frames = play(
            TestTableDataSource(["Today": ["Buy milk", "Call Mum", "Pay rent"], "Tomorrow": ["Dentist"]]), height: 6
        ) { source, table in
            source.sections[0].rows.insert("Bake bread", at: 0)
            table.insertRows(at: [path(0, 0)], with: .fade)
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "Call Mum", "Pay rent", "Tomorrow", "Dentist"])
        #expect(frames[2].lines == ["Today", "", "Buy milk", "Call Mum", "Pay rent", "Tomorrow"])
        #expect(frames[6].lines == ["Today", "B k  b e", "Buy milk", "Call Mum", "Pay rent", "Tomorrow"])
        #expect(frames[6].styleMap[1] == "DDDDDDDDDD")
        #expect(frames[9].lines == ["Today", "Bake bread", "Buy milk", "Call Mum", "Pay rent", "Tomorrow"])
        #expect(
            frames[9].styleMap == ["BBBBB", "", "RRRRRRRRRRRRRRRR", "", "", "BBBBBBBB"],
            "the selection stays on its item")
    }

    @Test("an insert with .right slides in from the right edge; with .bottom it rises into the gap over the rows below")
    func insertSlides() {
        func play(_ animation: RowAnimation) -> [Screen] {
            self.play(TestTableDataSource(["Today": ["Buy milk", "Pay rent"]]), height: 5) { source, table in
                source.sections[0].rows.insert("Call Mum", at: 1)
                table.insertRows(at: [path(0, 1)], with: animation)
            }
        }
        let right = play(.right)
        let bottom = play(.bottom)
        for frames in [right, bottom] {
            #expect(frames[0].lines == ["Today", "Buy milk", "Pay rent", "", ""])
            #expect(frames[9].lines == ["Today", "Buy milk", "Call Mum", "Pay rent", ""])
        }
        #expect(right[6].lines == ["Today", "Buy milk", "          Call M", "Pay rent", ""])
        #expect(bottom[7].lines == ["Today", "Buy milk", "", "Pay rent", "C l  M m"])
        #expect(bottom[8].lines == ["Today", "Buy milk", "", "Cal  Mum", ""])
    }

    @Test("a move across sections: the row travels line by line over the header to its new day")
    func moveAcrossSections() {
        let source = TestTableDataSource([
            "Today": ["Buy milk", "Call Mum", "Pay rent"], "Tomorrow": ["Dentist", "Gym"],
        ])
        let frames = play(source, height: 8) { source, table in
            source.sections[0].rows = ["Buy milk", "Pay rent"]
            source.sections[1].rows = ["Call Mum", "Dentist", "Gym"]
            table.moveRow(at: path(0, 1), to: path(1, 0))
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "Call Mum", "Pay rent", "Tomorrow", "Dentist", "Gym", ""])
        #expect(frames[2].lines == ["Today", "Buy milk", "", "Call Mum", "Tomorrow", "Dentist", "Gym", ""])
        #expect(frames[4].lines == ["Today", "Buy milk", "Pay rent", "Call Mum", "", "Dentist", "Gym", ""])
        #expect(frames[9].lines == ["Today", "Buy milk", "Pay rent", "Tomorrow", "Call Mum", "Dentist", "Gym", ""])
    }

    @Test("a section insert with .left: the gap opens, then header and rows slide in from the left")
    func insertSectionLeft() {
        let frames = play(TestTableDataSource(["Today": ["Buy milk"], "Tomorrow": ["Dentist"]]), height: 7) {
            source, table in
            source.sections.insert(.init(title: "Wed 14 Jan", rows: ["Gym", "Bake"]), at: 1)
            table.insertSections([1], with: .left)
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "", "Tomorrow", "Dentist", "", ""])
        #expect(frames[4].lines == ["Today", "Buy milk", "", "", "", "Tomorrow", "Dentist"])
        #expect(frames[6].lines == ["Today", "Buy milk", " Jan", "m", "ke", "Tomorrow", "Dentist"])
        #expect(frames[6].styleMap[2] == "BBBB", "the header keeps its bold style while it slides")
        #expect(frames[9].lines == ["Today", "Buy milk", "Wed 14 Jan", "Gym", "Bake", "Tomorrow", "Dentist"])
    }

    @Test("a section delete with .fade: header and rows dissolve, then the next section closes the gap")
    func deleteSectionFade() {
        let source = TestTableDataSource(["Today": ["Buy milk"], "Tomorrow": ["Dentist", "Gym"], "Later": ["Tax"]])
        let frames = play(source, height: 7) { source, table in
            source.sections.remove(at: 1)
            table.deleteSections([1], with: .fade)
        }
        #expect(frames[0].lines == ["Today", "Buy milk", "Tom rrow", "Den ist", "Gym", "Later", "Tax"])
        #expect(frames[3].lines == ["Today", "Buy milk", "T    r", "D    s", "G", "Later", "Tax"])
        #expect(frames[5].lines == ["Today", "Buy milk", "", "", "Later", "Tax", ""])
        #expect(frames[9].lines == ["Today", "Buy milk", "Later", "Tax", "", "", ""])
    }

    @Test("with animations off a batch goes straight to its final state")
    func animationsOff() {
        let source = TestTableDataSource(["Today": ["Buy milk", "Call Mum"]])
        let table = TableView(source, width: 16, height: 4)
        table.animationsEnabled = false
        source.sections[0].rows.remove(at: 0)
        table.deleteRows(at: [path(0, 0)], with: .fade)
        #expect(!table.isAnimating)
        #expect(table.animationFrames.isEmpty)
        #expect(table.screen.lines == ["Today", "Call Mum", "", ""])
    }

    /// A table of three rows, 16 × 5, animating the deletion of `row` with `.fade`.
    private func tableDeleting(row: Int) -> (TestTableDataSource, TableView) {
        let source = TestTableDataSource(["Today": ["Buy milk", "Call Mum", "Pay rent"]])
        let table = TableView(source, width: 16, height: 5)
        source.sections[0].rows.remove(at: row)
        table.deleteRows(at: [path(0, row)], with: .fade)
        return (source, table)
    }

    @Test("a new batch fast-forwards the running animation before it starts")
    func fastForward() {
        let (source, table) = tableDeleting(row: 0)
        table.advanceAnimation()
        #expect(table.isAnimating)
        table.beginUpdates()
        #expect(!table.isAnimating)
        #expect(table.screen.lines == ["Today", "Call Mum", "Pay rent", "", ""])
        source.sections[0].rows.remove(at: 0)
        table.deleteRows(at: [path(0, 0)], with: .left)
        table.endUpdates()
        #expect(
            table.screen.lines == ["Today", "ll Mum", "Pay rent", "", ""],
            "the new animation starts from the finished one")
    }

    @Test("a resize during an animation finishes it and lays the table out at the new size")
    func resizeDuringAnimation() {
        let (_, table) = tableDeleting(row: 1)
        table.setSize(width: 6, height: 3)
        #expect(!table.isAnimating)
        #expect(table.screen.lines == ["Today", "Buy m…", "Pay r…"])
    }

    @Test("moving the selection during an animation keeps it running unless the view scrolls")
    func selectionDuringAnimation() {
        let source = TestTableDataSource(["Today": (0..<12).map { "Item \($0)" }])
        let table = TableView(source, width: 16, height: 6)
        source.sections[0].rows.remove(at: 3)
        table.deleteRows(at: [path(0, 3)], with: .fade)
        table.selectNext()
        #expect(table.isAnimating)
        #expect(table.screen.styleMap[2] == "RRRRRRRRRRRRRRRR", "the highlight follows the selection inside the frame")
        table.selectRow(at: path(0, 10))
        #expect(!table.isAnimating)
    }

    @Test("the sticky header is drawn bold on the first line while scrolling, the selection in reverse")
    func stickyHeader() {
        let table = TableView(TestTableDataSource(["Mon 12 Jan": (0..<10).map { "Task \($0)" }]), width: 12, height: 4)
        table.selectRow(at: path(0, 6))
        #expect(table.screen.lines == ["Mon 12 Jan", "Task 5", "Task 6", "Task 7"])
        #expect(table.screen.styleMap == ["BBBBBBBBBB", "", "RRRRRRRRRRRR", ""])
    }

    @Test("wide characters and hostile text are clipped to the width and drawn inert, also while sliding")
    func wideAndHostileText() {
        let source = TestTableDataSource(["今日": ["東京タワーに行く", "\u{1B}[31mred\u{1B}[0m"]])
        let table = TableView(source, width: 9, height: 3)
        #expect(table.screen.lines == ["今日", "東京タワ…", "␛[31mred…"])
        source.sections[0].rows.remove(at: 0)
        table.deleteRows(at: [path(0, 0)], with: .left)
        #expect(table.screen.lines[1] == "京タワー", "a cut wide character leaves a blank, the right edge cuts cleanly")
    }

    @Test("the table draws inside its rectangle only")
    func origin() {
        let table = TableView(TestTableDataSource(["Today": ["Buy milk"]]), width: 6, height: 2)
        var screen = Screen(rows: 4, columns: 10)
        screen.write("xxxxxxxxxx", row: 1, column: 0)
        screen.write("xxxxxxxxxx", row: 2, column: 0)
        screen.write("xxxxxxxxxx", row: 3, column: 0)
        table.render(into: &screen, at: ScreenPosition(row: 1, column: 2))
        #expect(screen.lines == ["", "xxToday xx", "xxBuy m…xx", "xxxxxxxxxx"])
    }
}
