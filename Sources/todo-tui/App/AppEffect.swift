import TodoCore

/// Work an event asks for beyond the app's state, decided by `TodoApp.handle(_:)` and done by
/// `TodoApp.perform(_:)`.
enum AppEffect: Equatable {
    /// Save the context's changes to the store (every change is saved at once).
    case save
    /// Save, settling the conflicts the user was shown with this policy, once.
    case saveSettling(MergePolicy)
    /// Write every to-do the list holds, unsaved changes included, to a new store file at this
    /// path (`TodoApp.writeCopy(to:)`).
    case writeCopy(String)
    /// Restore the terminal and exit; everything is already saved.
    case quit
}
