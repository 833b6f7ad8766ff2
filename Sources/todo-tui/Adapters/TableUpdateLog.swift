import TodoCore

/// Collects the batches the table refused (each then reloaded), so the app can show them.
///
/// A refused batch means the controller and the table disagreed: it must never happen, and when
/// it does the user sees the table's own words instead of a crash.
final class TableUpdateLog {
    private(set) var messages: [String] = []

    func record(_ error: BatchUpdateError) {
        messages.append(error.description)
    }
}
