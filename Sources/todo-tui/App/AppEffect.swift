import TodoCore

/// Work an event asks for beyond the app's state — the list's I/O — decided by
/// `TodoApp.handle(_:)` and done, in order, by the run loop's `AppEffectPerformer`, which
/// reports each outcome back to the app.
enum AppEffect: Equatable {
    /// Save the context's changes to the store (every change is saved at once).
    case save
    /// Save, settling the conflicts the user was shown with this policy, once.
    case saveSettling(MergePolicy)
    /// Write every to-do the list holds, unsaved changes included, to a new store file at this
    /// path.
    case writeCopy(String)
    /// Start a run of the background sync now, settling what both sides changed with this
    /// policy; nil: the list's own. Reported back as a `SyncEvent`.
    case startSync(MergePolicy?)
    /// Restore the terminal and exit; everything is already saved.
    case quit
}
