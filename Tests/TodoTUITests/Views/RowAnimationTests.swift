import Foundation
import Testing

@testable import todo_tui

@Suite("Row animations")
struct RowAnimationTests {
    @Test(".automatic is drawn as .fade, every other style as itself")
    func resolved() {
        #expect(RowAnimation.automatic.resolved == .fade)
        for animation in RowAnimation.allCases where animation != .automatic {
            #expect(animation.resolved == animation)
        }
    }

    @Test("every style animates a delete in a finite number of frames ending at rest", arguments: RowAnimation.allCases)
    func delete(animation: RowAnimation) {
        let source = TestTableDataSource(["Today": ["Buy milk", "Call Mum", "Pay rent"]])
        let table = TableView(source, width: 16, height: 5)
        source.sections[0].rows.remove(at: 1)
        table.deleteRows(at: [path(0, 1)], with: animation)
        let frames = table.playAnimation()
        #expect(frames.count == table.frameCount)
        #expect(frames.last == table.screen)
        let leaving = frames[0].lines.contains { $0.contains("Mum") }
        #expect(leaving == (animation != .none), "the row leaves with its effect, or at once with .none")
        #expect(
            frames.contains { $0.lines == ["Today", "Buy milk", "", "Pay rent", ""] }, "the gap shows before it closes")
    }

    @Test(
        "every style animates an insert in a finite number of frames ending at rest", arguments: RowAnimation.allCases)
    func insert(animation: RowAnimation) {
        let source = TestTableDataSource(["Today": ["Buy milk", "Pay rent"]])
        let table = TableView(source, width: 16, height: 5)
        source.sections[0].rows.insert("Call Mum", at: 1)
        table.insertRows(at: [path(0, 1)], with: animation)
        let frames = table.playAnimation()
        #expect(frames.count == table.frameCount)
        #expect(frames.last == table.screen)
        #expect(
            frames.dropLast().contains { $0.lines == ["Today", "Buy milk", "", "Pay rent", ""] }, "the gap opens first")
        let arriving = frames.dropLast().contains { $0.lines.contains { $0.contains("Mum") } }
        #expect(arriving == (animation != .none), "the row arrives with its effect, or at once at the end with .none")
    }
}
