import Foundation
import TodoCore
@testable import todo_tui

/// A data source backed by arrays: each row's identity is its text, which must be unique.
/// Records which rows the table read.
final class TestTableDataSource: TableViewDataSource {
    struct Section: Equatable {
        var title: String?
        var rows: [String]
    }

    var sections: [Section]
    /// Whether `indexPathForRow(withIdentity:)` searches the rows (else it finds nothing).
    var findsIdentities = false
    private(set) var cellReads: [IndexPath] = []
    private(set) var identityReads: [IndexPath] = []

    init(_ sections: [Section]) {
        self.sections = sections
    }

    /// Sections titled by their key, in the order given.
    convenience init(_ sections: KeyValuePairs<String, [String]>) {
        self.init(sections.map { Section(title: $0.key, rows: $0.value) })
    }

    func numberOfSections() -> Int { sections.count }

    func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    func titleForHeader(inSection section: Int) -> String? { sections[section].title }

    func identityForRow(at indexPath: IndexPath) -> AnyHashable {
        identityReads.append(indexPath)
        return AnyHashable(sections[indexPath.section].rows[indexPath.row])
    }

    func cellForRow(at indexPath: IndexPath) -> RowCell {
        cellReads.append(indexPath)
        return RowCell(sections[indexPath.section].rows[indexPath.row])
    }

    func indexPathForRow(withIdentity identity: AnyHashable) -> IndexPath? {
        guard findsIdentities, let text = identity.base as? String else { return nil }
        for (section, content) in sections.enumerated() {
            if let row = content.rows.firstIndex(of: text) { return IndexPath(item: row, section: section) }
        }
        return nil
    }

    func forgetReads() {
        cellReads = []
        identityReads = []
    }
}

/// Collects the errors a table logs.
final class TableLog {
    private(set) var errors: [BatchUpdateError] = []

    func record(_ error: BatchUpdateError) {
        errors.append(error)
    }
}

extension TableView {
    /// A table on `dataSource` whose log goes to `log`.
    convenience init(_ dataSource: TestTableDataSource, width: Int = 20, height: Int, log: TableLog = TableLog()) {
        self.init(dataSource: dataSource, width: width, height: height, log: log.record)
    }

    /// The texts of the rows at rest, in order, with the selection marked by "> ".
    var visibleTexts: [String] {
        indexPathsForVisibleRows.map { (selectedIndexPath == $0 ? "> " : "") + (viewport.rows[$0]?.cell.text ?? "?") }
    }
}

/// A frame as text: headers as "# Title", rows as their text, blank lines empty, and effects
/// after the text ("~2/3" for a fade showing 2 of 3 parts, ">-5" for a shift).
func describe(_ frame: TableFrame) -> [String] {
    frame.lines.map { line in
        let text: String
        switch line.content {
        case .blank: text = ""
        case .header(let title): text = "# " + title
        case .row(_, let cell): text = cell.text
        }
        switch line.effect {
        case .none: return text
        case let .fade(shown, steps): return text + " ~\(shown)/\(steps)"
        case let .shift(columns): return text + " >\(columns)"
        }
    }
}

/// Index path shorthand: row `row` of section `section`.
func path(_ section: Int, _ row: Int) -> IndexPath {
    IndexPath(item: row, section: section)
}
