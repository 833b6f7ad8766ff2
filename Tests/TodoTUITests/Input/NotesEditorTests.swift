import Testing

@testable import todo_tui

@Suite("NotesEditor")
struct NotesEditorTests {
    func edited(_ text: String = "", keys: String) -> NotesEditor {
        var editor = NotesEditor(text: text)
        for key in Key.sequence(keys) {
            _ = editor.handle(key)
        }
        return editor
    }

    @Test("Enter splits the line at the cursor; the text joins lines with \\n; the cursor starts at the end")
    func enterSplits() {
        let editor = NotesEditor(text: "one\ntwo")
        #expect(editor.lineCount == 2)
        #expect(editor.line == 1 && editor.column == 3)
        #expect(edited("onetwo", keys: "Left Left Left Enter").text == "one\ntwo")
        #expect(edited("a", keys: "Enter Enter").text == "a\n\n")
        #expect(NotesEditor(text: "a\r\nb").text == "a\nb")
    }

    @Test("Left and Right cross line ends; Up and Down keep the column where the line allows")
    func moves() {
        #expect(edited("ab\ncd", keys: "Home Left x").text == "abx\ncd")
        #expect(edited("ab\ncd", keys: "Up End Right x").text == "ab\nxcd")
        #expect(edited("abcdef\nxy\nuvwxyz", keys: "Up Up End Down Down !").text == "abcdef\nxy\nuv!wxyz")
        #expect(edited("ab", keys: "Up Down C-a !").text == "!ab", "Up on the first line and Down on the last stay")
        #expect(edited("ab\ncd", keys: "Up C-e !").text == "ab!\ncd")
    }

    @Test("Backspace and Delete erase one cluster and join lines at a line's edge")
    func erase() {
        #expect(edited("ab\ncd", keys: "Home Backspace").text == "abcd")
        #expect(edited("ab\ncd", keys: "Up End Delete").text == "abcd")
        #expect(edited("👍🏽x", keys: "Left Backspace").text == "x")
        #expect(edited("", keys: "Backspace Delete").text == "")
    }

    @Test("Ctrl-U, Ctrl-K and Ctrl-W erase within the line; Ctrl-K at a line's end joins the next")
    func readlineKeys() {
        #expect(edited("one two\nthree", keys: "Up Left Left C-u").text == " two\nthree")
        #expect(edited("one two\nthree", keys: "Up Home C-k").text == "\nthree")
        #expect(edited("one two\nthree", keys: "Up End C-k").text == "one twothree")
        #expect(edited("one two  \nthree", keys: "Up End C-w").text == "one \nthree")
    }

    @Test("Ctrl-S saves the text, Esc and Ctrl-C cancel, control characters are ignored")
    func outcomes() {
        var editor = NotesEditor(text: "a\nb")
        #expect(editor.handle(.control("s")) == .saved("a\nb"))
        #expect(editor.handle(.escape) == .cancelled)
        #expect(editor.handle(.control("c")) == .cancelled)
        #expect(editor.handle(.character("\u{7}")) == .ignored)
        #expect(editor.handle(.tab) == .ignored)
        #expect(!editor.hasChanges)
        _ = editor.handle(.character("c"))
        #expect(editor.hasChanges)
    }

    @Test("the cursor's line scrolls into view, vertically and horizontally; other lines end in an ellipsis")
    func render() {
        let editor = NotesEditor(text: "first line is long\n2\n3\nthe last line is long too")
        var screen = Screen(rows: 3, columns: 10)
        editor.render(into: &screen, top: 0, left: 0, width: 10, height: 3)
        let expected: [String] = ["2", "3", " long too"]
        #expect(screen.lines == expected)
        #expect(screen.cursor == ScreenPosition(row: 2, column: 9))
        var top = Screen(rows: 2, columns: 10)
        edited("first line is long\n2", keys: "Up Home").render(into: &top, top: 0, left: 0, width: 10, height: 2)
        #expect(top.lines[1] == "2")
        #expect(top.cursor == ScreenPosition(row: 0, column: 0))
        var cut = Screen(rows: 2, columns: 10)
        edited("first line is long\n2", keys: "").render(into: &cut, top: 0, left: 0, width: 10, height: 2)
        #expect(cut.lines[0] == "first lin…")
    }
}
