/// Work the run loop does for the app, which itself does no I/O.
enum AppEffect: Equatable {
    /// Save the context's changes to the store (every change is saved at once).
    case save
    /// Restore the terminal and exit; everything is already saved.
    case quit
}
