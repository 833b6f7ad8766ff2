/// What the run loop reports to the app about its background sync, which the app cannot reach:
/// it learns of a run only through these (`TodoApp.handle(_:)`).
enum SyncEvent: Equatable {
    /// The list syncs in the background (the demo does not): `S` may start a run.
    case available
    /// A run began. `requested`: asked for by the app (`AppEffect.startSync`), or one was
    /// already under way then; false for a run started because it was due.
    case started(requested: Bool)
    /// A run the app asked for could not start; the sentence says why.
    case couldNotStart(String)
    /// A run ended.
    case finished(BackgroundSync.Outcome)
}
