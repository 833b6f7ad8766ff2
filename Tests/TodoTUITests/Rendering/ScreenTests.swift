import Testing
import TodoCore

@testable import todo_tui

@Suite("Screen: display-width-aware writing")
struct ScreenTests {
    @Test("ASCII text lands cell by cell and reports its width")
    func ascii() {
        var screen = Screen(rows: 2, columns: 10)
        #expect(screen.write("Buy milk", row: 0, column: 1) == 8)
        #expect(screen.lines == [" Buy milk", ""])
        #expect(screen.line(0, trimmingTrailingSpaces: false) == " Buy milk ")
    }

    @Test("CJK characters take two cells: a lead and a continuation")
    func cjk() {
        var screen = Screen(rows: 1, columns: 10)
        #expect(screen.write("日本語", row: 0, column: 0) == 6)
        #expect(screen.lines == ["日本語"])
        #expect(screen[0, 0].width == 2)
        #expect(screen[0, 1].isContinuation)
        #expect(screen[0, 2].character == "本")
    }

    @Test("emoji, ZWJ sequences and flags are two columns each; VS16 on a narrow base adds none")
    func emoji() {
        var screen = Screen(rows: 1, columns: 12)
        #expect(screen.write("👩‍💻🇰🇷❤️x", row: 0, column: 0) == 6)
        #expect(screen.lines == ["👩‍💻🇰🇷❤️x"])
        #expect(screen[0, 5].character == "x")
    }

    @Test("combining marks stay with their base in one cell")
    func combining() {
        var screen = Screen(rows: 1, columns: 5)
        #expect(screen.write("e\u{301}a", row: 0, column: 0) == 2)
        #expect(screen[0, 0].character == "e\u{301}")
        #expect(screen[0, 1].character == "a")
    }

    @Test("a wide character is not split at the right edge: a space stands in")
    func wideAtEdge() {
        var screen = Screen(rows: 1, columns: 5)
        screen.fill(row: 0, style: CellStyle(attributes: .dim))
        #expect(screen.write("ab日本", row: 0, column: 0, style: CellStyle(attributes: .bold)) == 5)
        #expect(screen.line(0, trimmingTrailingSpaces: false) == "ab日 ")
        #expect(screen.styleMap == ["BBBBB"])
    }

    @Test("maxWidth clips, and a wide character at the limit is not split")
    func maxWidth() {
        var screen = Screen(rows: 2, columns: 20)
        #expect(screen.write("hello world", row: 0, column: 2, maxWidth: 5) == 5)
        #expect(screen.write("日本語", row: 1, column: 0, maxWidth: 3) == 3)
        #expect(screen.lines == ["  hello", "日"])
        #expect(screen.line(1, trimmingTrailingSpaces: false).hasPrefix("日  "))
    }

    @Test("ellipsis marks clipped text and only clipped text")
    func ellipsis() {
        var screen = Screen(rows: 4, columns: 20)
        #expect(screen.write("hello world", row: 0, column: 0, maxWidth: 6, overflow: .ellipsis) == 6)
        #expect(screen.write("hello", row: 1, column: 0, maxWidth: 5, overflow: .ellipsis) == 5)
        #expect(screen.write("日本語", row: 2, column: 0, maxWidth: 5, overflow: .ellipsis) == 5)
        #expect(screen.write("日本語", row: 3, column: 0, maxWidth: 4, overflow: .ellipsis) == 4)
        #expect(screen.lines == ["hello…", "hello", "日本…", "日…"])
    }

    @Test("a negative column skips what is left of the screen, never half a wide character")
    func negativeColumn() {
        var screen = Screen(rows: 2, columns: 6)
        #expect(screen.write("abcdef", row: 0, column: -2) == 4)
        #expect(screen.write("日本", row: 1, column: -1) == 3)
        #expect(screen.lines == ["cdef", " 本"])
        #expect(!screen[1, 0].isContinuation)
    }

    @Test("overwriting half of a wide character blanks its other half")
    func overwriteHalf() {
        var screen = Screen(rows: 2, columns: 6)
        screen.write("日本", row: 0, column: 0)
        screen.write("x", row: 0, column: 1)
        screen.write("日本", row: 1, column: 0)
        screen.write("語", row: 1, column: 1)
        #expect(screen.lines == [" x本", " 語"])
        #expect(screen[1, 1].width == 2)
        #expect(!screen[1, 3].isContinuation)
    }

    @Test("rows outside the screen and columns past the edge draw nothing")
    func outside() {
        var screen = Screen(rows: 1, columns: 4)
        #expect(screen.write("x", row: 1, column: 0) == 0)
        #expect(screen.write("x", row: -1, column: 0) == 0)
        #expect(screen.write("x", row: 0, column: 4) == 0)
        #expect(screen.write("x", row: 0, column: 0, maxWidth: 0) == 0)
        #expect(screen == Screen(rows: 1, columns: 4))
    }

    @Test("styles show in the style map and colours in the colour map")
    func styleAndColorMaps() {
        var screen = Screen(rows: 3, columns: 8)
        screen.write("Today", row: 0, column: 0, style: CellStyle(attributes: .bold))
        screen.write("日x", row: 1, column: 1, style: CellStyle(foreground: .red))
        screen.applyStyle(row: 1) { $0.attributes.insert(.reverse) }
        screen.write("done", row: 2, column: 0, style: CellStyle(attributes: [.dim, .struck]))
        #expect(screen.styleMap == ["BBBBB", "RRRRRRRR", "DDDD"])
        #expect(screen.colorMap == ["", ".rrr", ""])
    }

    @Test("applyStyle widens to whole wide characters")
    func applyStyleWidens() {
        var screen = Screen(rows: 1, columns: 6)
        screen.write("a日b", row: 0, column: 0)
        screen.applyStyle(row: 0, columns: 2..<3) { $0.attributes.insert(.underline) }
        #expect(screen.styleMap == [".UU"])
    }

    @Test("the cursor is part of the picture")
    func cursor() {
        var screen = Screen(rows: 1, columns: 4)
        let blank = screen
        screen.cursor = ScreenPosition(row: 0, column: 2)
        #expect(screen != blank)
        screen.clear()
        #expect(screen == blank)
    }
}
