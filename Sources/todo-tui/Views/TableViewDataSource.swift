import Foundation

/// What a `TableView` shows, as `UITableViewDataSource`: sections, rows, header titles, cells.
///
/// The table asks for section counts and titles of all sections (when data is reloaded, and
/// for inserted or reloaded sections in a batch), but for identities and cells only of the rows
/// it shows (plus the few rows an animation moves across the screen), so the cost of drawing is
/// independent of the number of rows. Inside a batch the table reads the data source only at
/// the outermost `endUpdates()`, when it must already describe the state after the batch.
protocol TableViewDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections() -> Int

    /// The number of rows in `section`.
    func numberOfRows(inSection section: Int) -> Int

    /// The header title of `section`; `nil` means the section has no header line.
    /// Defaults to `nil`.
    func titleForHeader(inSection section: Int) -> String?

    /// A stable identity of the item at `indexPath` (e.g. its `UUID`), the same wherever the
    /// item moves; the selection follows it across updates.
    func identityForRow(at indexPath: IndexPath) -> AnyHashable

    /// The content of the row at `indexPath`.
    func cellForRow(at indexPath: IndexPath) -> RowCell

    /// Where the item with `identity` is now, or `nil` when it is gone or cannot be found
    /// cheaply. Used to keep the selection on its item across `reloadData()` and when a batch
    /// deletes the selected row but the item is still there (a delete and insert instead of a
    /// move). Defaults to `nil`.
    func indexPathForRow(withIdentity identity: AnyHashable) -> IndexPath?
}

extension TableViewDataSource {
    func titleForHeader(inSection section: Int) -> String? { nil }

    func indexPathForRow(withIdentity identity: AnyHashable) -> IndexPath? { nil }
}
