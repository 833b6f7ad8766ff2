import Foundation

/// The part of a table's content on screen: the layout, the scroll offset, the viewport height,
/// and the content of the rows shown.
///
/// `rows` holds exactly the visible rows once `load(_:)` has run; they are what a batch's
/// animation shows for rows that leave, since the data source no longer has them then.
struct TableViewport {
    /// A visible row's identity and content, as the data source gave them.
    struct Row: Equatable {
        var identity: AnyHashable
        var cell: RowCell
    }

    var layout: TableLayout
    /// The content line shown on the viewport's top line.
    var offset: Int
    /// The number of lines the viewport shows.
    var height: Int
    /// The content of the visible rows by index path.
    var rows: [IndexPath: Row]

    init(layout: TableLayout = .empty, offset: Int = 0, height: Int = 0, rows: [IndexPath: Row] = [:]) {
        self.layout = layout
        self.offset = offset
        self.height = height
        self.rows = rows
    }

    /// The rows shown, top to bottom (a row under a sticky header excluded).
    /// - Complexity: O(h + log s) for h lines and s sections.
    var visibleRows: [IndexPath] {
        layout.visibleRows(offset: offset, height: height)
    }

    /// The viewport line of a row (negative above the top, `height` or more below the bottom).
    func screenLine(of path: IndexPath) -> Int {
        layout.line(of: path) - offset
    }

    /// The viewport line of a section's header, 0 when it sticks; `nil` without title.
    func screenLine(ofHeader section: Int) -> Int? {
        layout.displayedHeaderLine(ofSection: section, offset: offset, height: height)
    }

    /// Keeps the content of exactly the visible rows, asking `fetch` only for those it lacks.
    /// - Complexity: O(h + log s) plus h calls of `fetch` at most, for a viewport of h lines.
    mutating func load(_ fetch: (IndexPath) -> Row) {
        var loaded: [IndexPath: Row] = [:]
        for path in visibleRows {
            loaded[path] = rows[path] ?? fetch(path)
        }
        rows = loaded
    }

    /// The viewport at rest: headers (a sticky one on the top line) and the loaded rows.
    /// - Complexity: O(h + log s) for h lines and s sections.
    func frame() -> TableFrame {
        var frame = TableFrame(height: height)
        for path in visibleRows {
            if let row = rows[path] {
                frame.lines[screenLine(of: path)] = TableFrameLine(.row(identity: row.identity, cell: row.cell))
            }
        }
        for section in layout.visibleHeaders(offset: offset, height: height) {
            if let line = screenLine(ofHeader: section), let title = layout.sections[section].title {
                frame.lines[line] = TableFrameLine(.header(title))
            }
        }
        return frame
    }
}
