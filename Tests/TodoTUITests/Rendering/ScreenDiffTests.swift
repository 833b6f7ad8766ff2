import Testing

@testable import todo_tui

@Suite("Screen: changed columns between two screens")
struct ScreenDiffTests {
    /// The changed columns of a one-row screen showing `text`, after `change`.
    private func changedColumns(_ text: String, columns: Int, after change: (inout Screen) -> Void) -> Range<Int>? {
        var before = Screen(rows: 1, columns: columns)
        before.write(text, row: 0, column: 0)
        var after = before
        change(&after)
        return after.changedColumns(inRow: 0, comparedTo: before)
    }

    @Test("identical rows have no changed columns")
    func identical() {
        #expect(changedColumns("same", columns: 8) { _ in } == nil)
    }

    @Test("the range runs from the first to the last changed cell")
    func span() {
        let changed = changedColumns("abcdefgh", columns: 10) { screen in
            screen.write("X", row: 0, column: 2)
            screen.write("Y", row: 0, column: 5)
        }
        #expect(changed == 2..<6)
    }

    @Test("a style change is a change")
    func styleChange() {
        let changed = changedColumns("ab", columns: 4) { screen in
            screen.applyStyle(row: 0, columns: 1..<2) { $0.attributes.insert(.reverse) }
        }
        #expect(changed == 1..<2)
    }

    @Test("a changed continuation brings in its lead")
    func wideLead() {
        let changed = changedColumns("日本", columns: 8) { screen in
            screen.applyStyle(row: 0, columns: 1..<2) { $0.attributes.insert(.bold) }
        }
        #expect(changed == 0..<2)
    }

    @Test("a changed lead brings in its continuation")
    func wideContinuation() {
        let changed = changedColumns("日本", columns: 8) { screen in
            screen.write("日語", row: 0, column: 0)
        }
        #expect(changed == 2..<4)
    }
}
