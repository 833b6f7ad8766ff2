/// The broad kind of a `StoreError`, for callers that react by kind rather than by case.
///
/// The command line maps these to sysexits codes: `.badData` 65 (EX_DATAERR), `.cannotCreate`
/// 73 (EX_CANTCREAT), `.ioError` 74 (EX_IOERR), `.lockBusy` 75 (EX_TEMPFAIL).
package enum StoreErrorCategory: Sendable, Hashable {
    /// The file exists but its contents are not a store this program can read.
    case badData
    /// The store's folder, temporary file or lock file could not be created.
    case cannotCreate
    /// Reading, writing, syncing or renaming failed, or the path is not a regular file.
    case ioError
    /// Another process held the store's lock for longer than the wait allowed.
    case lockBusy
}
