import Foundation

extension SyncStateFile {
    /// The lists whose calendars the account may only read, as the last sync found them
    /// (`CollectionLink.readOnly`): the CLI and the app refuse changes to their to-dos, and the
    /// sync sends none. Empty for a store that never synced.
    /// - Complexity: reads the state file's first line.
    public func readOnlyLists() -> Set<UUID> {
        Set(loadHeader()?.links.filter(\.isReadOnly).compactMap(\.listID) ?? [])
    }
}
