/// What the app knows of the background sync, from the `SyncEvent`s it was told.
struct SyncStatus: Equatable {
    /// Whether the list syncs at all (not the demo).
    var isAvailable = false
    /// Whether a run is under way.
    var isRunning = false
    /// How the last run ended; nil before the first.
    var last: BackgroundSync.Outcome?
    /// Whether the running sync was asked for (with `S`, or by the conflict box): its end is
    /// then shown even on success.
    var requested = false
}
