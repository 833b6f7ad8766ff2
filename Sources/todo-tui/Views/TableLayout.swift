import Foundation

/// The vertical arrangement of a table's content: for each section an optional header line,
/// then one line per row.
///
/// Content lines are numbered from 0 at the top of the first section, independently of what
/// the viewport shows. Only section sizes and titles are stored (one entry per section); rows
/// are never materialised, so a table of a million rows costs as much as a table of one.
struct TableLayout: Equatable, Sendable {
    /// One section: its header title (`nil` = no header line) and its number of rows.
    struct Section: Equatable, Sendable {
        var title: String?
        var rowCount: Int
    }

    /// What sits on one content line.
    enum Line: Equatable, Sendable {
        case header(section: Int)
        case row(IndexPath)
    }

    /// The sections, top to bottom.
    let sections: [Section]
    /// `starts[s]` is the content line where section `s` begins (its header, else its first row);
    /// the last entry is `lineCount`.
    let starts: [Int]
    /// The number of rows over all sections.
    let rowCount: Int
    /// `rowStarts[s]` is the number of rows in the sections before `s`.
    let rowStarts: [Int]

    /// A layout of the given sections.
    /// - Complexity: O(s) for s sections.
    init(sections: [Section]) {
        precondition(sections.allSatisfy { $0.rowCount >= 0 }, "A section cannot have a negative number of rows.")
        self.sections = sections
        var starts = [0]
        starts.reserveCapacity(sections.count + 1)
        var rows = 0
        var rowStarts: [Int] = []
        rowStarts.reserveCapacity(sections.count)
        for section in sections {
            starts.append(starts[starts.count - 1] + (section.title == nil ? 0 : 1) + section.rowCount)
            rowStarts.append(rows)
            rows += section.rowCount
        }
        self.starts = starts
        self.rowStarts = rowStarts
        self.rowCount = rows
    }

    /// An empty layout: no sections.
    static let empty = TableLayout(sections: [])

    /// The number of content lines (headers and rows).
    var lineCount: Int { starts[starts.count - 1] }

    /// Whether `path` names an existing row.
    func contains(_ path: IndexPath) -> Bool {
        path.count == 2 && sections.indices.contains(path.section)
            && (0..<sections[path.section].rowCount).contains(path.row)
    }

    /// The content line of a section's header, or `nil` when the section has no title.
    func headerLine(ofSection section: Int) -> Int? {
        sections[section].title == nil ? nil : starts[section]
    }

    /// The content line of an existing row.
    func line(of path: IndexPath) -> Int {
        precondition(contains(path), "Row \(path.row) of section \(path.section) is not in the table.")
        return starts[path.section] + (sections[path.section].title == nil ? 0 : 1) + path.row
    }

    /// The 0-based position of an existing row among all rows, headers not counted.
    /// - Complexity: O(1).
    func rowNumber(of path: IndexPath) -> Int {
        precondition(contains(path), "Row \(path.row) of section \(path.section) is not in the table.")
        return rowStarts[path.section] + path.row
    }

    /// The section whose lines include `line`, which must be a content line.
    /// - Complexity: O(log s) for s sections.
    func section(containingLine line: Int) -> Int {
        precondition((0..<lineCount).contains(line), "Line \(line) is outside the table's \(lineCount) lines.")
        var low = 0
        var high = sections.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle + 1] <= line {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// What is drawn on a content line.
    /// - Complexity: O(log s) for s sections.
    func content(atLine line: Int) -> Line {
        let section = section(containingLine: line)
        let first = starts[section]
        guard sections[section].title != nil else {
            return .row(IndexPath(item: line - first, section: section))
        }
        return line == first ? .header(section: section) : .row(IndexPath(item: line - first - 1, section: section))
    }
}
