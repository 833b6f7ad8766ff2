import Foundation
import Testing

@testable import todo_tui

@Suite("Table view layout")
struct TableViewLayoutTests {
    /// Lines: 0 "# A", 1-2 rows, 3 "# B" (empty), 4 "# C", 5-7 rows; an untitled section of 2 rows at 8-9.
    let layout = TableLayout(sections: [
        .init(title: "A", rowCount: 2),
        .init(title: "B", rowCount: 0),
        .init(title: "C", rowCount: 3),
        .init(title: nil, rowCount: 2),
    ])

    @Test("lines count headers and rows, and map both ways")
    func lines() {
        #expect(layout.lineCount == 10)
        #expect(layout.rowCount == 7)
        #expect(layout.line(of: path(0, 1)) == 2)
        #expect(layout.line(of: path(2, 0)) == 5)
        #expect(layout.line(of: path(3, 0)) == 8)
        #expect(layout.content(atLine: 0) == .header(section: 0))
        #expect(layout.content(atLine: 3) == .header(section: 1))
        #expect(layout.content(atLine: 4) == .header(section: 2))
        #expect(layout.content(atLine: 7) == .row(path(2, 2)))
        #expect(layout.content(atLine: 9) == .row(path(3, 1)))
        #expect(layout.headerLine(ofSection: 3) == nil)
    }

    @Test("reading order skips headers and empty sections")
    func navigation() {
        #expect(layout.firstRow == path(0, 0))
        #expect(layout.lastRow == path(3, 1))
        #expect(layout.row(after: path(0, 1)) == path(2, 0))
        #expect(layout.row(before: path(2, 0)) == path(0, 1))
        #expect(layout.row(after: path(3, 1)) == nil)
        #expect(layout.row(before: path(0, 0)) == nil)
        #expect(layout.row(atOrAfterLine: 3) == path(2, 0))
        #expect(layout.row(atOrBeforeLine: 4) == path(0, 1))
        #expect(TableLayout.empty.firstRow == nil)
        #expect(TableLayout(sections: [.init(title: "A", rowCount: 0)]).lastRow == nil)
    }

    @Test("the header of the top row's section sticks to the first line and hides that row")
    func sticky() {
        #expect(layout.stickySection(offset: 0, height: 4) == nil)
        #expect(layout.stickySection(offset: 1, height: 4) == 0)
        #expect(layout.visibleRows(offset: 1, height: 4) == [path(0, 1)])
        #expect(layout.visibleHeaders(offset: 1, height: 4) == [0, 1, 2])
        #expect(layout.displayedHeaderLine(ofSection: 0, offset: 1, height: 4) == 0)
        #expect(layout.displayedHeaderLine(ofSection: 2, offset: 1, height: 4) == 3)
        #expect(layout.stickySection(offset: 6, height: 3) == 2)
        #expect(layout.visibleRows(offset: 6, height: 3) == [path(2, 2), path(3, 0)])
        #expect(layout.stickySection(offset: 8, height: 2) == nil, "an untitled section has no header to stick")
        #expect(layout.stickySection(offset: 1, height: 1) == nil, "a one-line viewport shows the row")
    }

    @Test("scrolling keeps a line visible with a margin, clear of the sticky header, within bounds")
    func scrolling() {
        let long = TableLayout(sections: [.init(title: "A", rowCount: 30)])
        #expect(long.offset(showing: 20, from: 0, height: 10, margin: 2) == 13)
        #expect(long.offset(showing: 14, from: 13, height: 10, margin: 2) == 11)
        #expect(long.offset(showing: 16, from: 13, height: 10, margin: 2) == 13)
        #expect(long.offset(showing: 30, from: 0, height: 10, margin: 2) == 21)
        #expect(long.offset(showing: 1, from: 10, height: 10, margin: 2) == 0)
        #expect(long.offset(showing: 5, from: 0, height: 2, margin: 2) == 4, "the margin shrinks to fit")
        #expect(long.offset(showing: 5, from: 0, height: 1, margin: 2) == 5)
    }
}
