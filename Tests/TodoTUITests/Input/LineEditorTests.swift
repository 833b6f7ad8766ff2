import Testing

@testable import todo_tui

@Suite("LineEditor")
struct LineEditorTests {
    func edited(_ text: String = "", keys: String) -> LineEditor {
        var editor = LineEditor(text: text)
        for key in Key.sequence(keys) {
            _ = editor.handle(key)
        }
        return editor
    }

    @Test("typing inserts at the cursor, which moves over whole grapheme clusters")
    func typingAndClusters() {
        var editor = LineEditor(text: "장보기 👍🏽 é")
        #expect(editor.cursor == 7)
        for key in Key.sequence("Left Left Left Backspace") {
            _ = editor.handle(key)
        }
        #expect(editor.text == "장보기👍🏽 é")
        for key in Key.typing("!") {
            _ = editor.handle(key)
        }
        #expect(editor.text == "장보기!👍🏽 é")
        #expect(editor.cursor == 4)
    }

    @Test("readline keys move and erase")
    func readlineKeys() {
        #expect(edited("buy milk", keys: "C-a Delete").text == "uy milk")
        #expect(edited("buy milk", keys: "Home Right C-k").text == "b")
        #expect(edited("buy fresh milk", keys: "C-w").text == "buy fresh ")
        #expect(edited("buy fresh milk  ", keys: "C-w").text == "buy fresh ")
        #expect(edited("buy milk", keys: "Left Left C-u").text == "lk")
        #expect(edited("buy milk", keys: "C-a C-e Backspace").text == "buy mil")
        #expect(edited("", keys: "Backspace Delete Left Right").text == "")
    }

    @Test("Enter submits, Esc cancels, other keys are ignored")
    func outcomes() {
        var editor = LineEditor(text: "done")
        #expect(editor.handle(.enter) == .submitted("done"))
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.up) == .ignored)
        #expect(editor.handle(.control("r")) == .ignored)
        #expect(editor.handle(.character("\u{1B}")) == .ignored)
        #expect(editor.text == "done")
    }

    @Test("Ctrl-C cancels like Esc (issue 12), and the text stays as it was")
    func controlCCancels() {
        var editor = LineEditor(text: "half typed")
        #expect(editor.handle(.control("c")) == .cancelled)
        #expect(editor.text == "half typed")
    }

    @Test("long text scrolls so the cursor stays visible, without splitting wide characters")
    func scrolling() {
        var screen = Screen(rows: 1, columns: 10)
        let editor = LineEditor(text: "가나다라마바사아자차")
        editor.render(into: &screen, row: 0, column: 0, width: 10)
        #expect(screen.lines == ["사아자차"], "four wide characters leave the cursor a column of its own")
        #expect(screen.cursor == ScreenPosition(row: 0, column: 8))

        var start = Screen(rows: 1, columns: 10)
        edited("가나다라마바사아자차", keys: "Home").render(into: &start, row: 0, column: 0, width: 10)
        #expect(start.lines == ["가나다라마"])
        #expect(start.cursor == ScreenPosition(row: 0, column: 0))
    }

    @Test("a selected prefill is replaced by typing, erased by Backspace, kept by moves; drawn reversed")
    func selectedPrefill() {
        var typed = LineEditor(text: "2026-11-20", selected: true)
        #expect(typed.handle(.character("9")) == .edited)
        #expect(typed.handle(.character("a")) == .edited)
        #expect(typed.text == "9a")
        #expect(!typed.isSelected)

        var erased = LineEditor(text: "2026-11-20", selected: true)
        #expect(erased.handle(.backspace) == .edited)
        #expect(erased.text == "")

        var moved = LineEditor(text: "2026-11-20", selected: true)
        #expect(moved.handle(.left) == .edited)
        #expect(moved.handle(.backspace) == .edited)
        #expect(moved.text == "2026-11-0", "after a move, keys edit the text")

        var submitted = LineEditor(text: "2026-11-20", selected: true)
        #expect(submitted.handle(.enter) == .submitted("2026-11-20"))

        var screen = Screen(rows: 1, columns: 20)
        LineEditor(text: "today", selected: true).render(into: &screen, row: 0, column: 0, width: 20)
        #expect(screen[0, 0].style.attributes.contains(.reverse))
        var plain = Screen(rows: 1, columns: 20)
        LineEditor(text: "today").render(into: &plain, row: 0, column: 0, width: 20)
        #expect(!plain[0, 0].style.attributes.contains(.reverse))
    }
}
