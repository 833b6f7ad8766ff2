import Foundation
import TodoSyncModel

extension CalDAVClient {
    /// A calendar a run already links, as one PROPFIND (depth 0) tells it: `calendar(_:)` asking
    /// only what such a run reads of it, its type, name and privileges (so that a rename or lost
    /// write rights on the server is seen by every run, a quiet one too), and the change marker
    /// the last run stored, `marker`: its `sync-token` when it had one, else its `getctag`, else
    /// both. Its colour, order and component set are not asked (they matter when a calendar is
    /// first linked, which `calendar(_:)` serves): the collection has none, and `onlyTodos` is
    /// false, which makes a caller that deletes the calendar count its members first.
    ///
    /// Servers answer each property at a cost: Xandikos reads the collection's git tree again
    /// for each of the name, colour, order, component set and each marker, and Radicale goes over
    /// every item for each marker (docs/performance.md).
    /// - Returns: nil when the server has no collection there any more, as `calendar(_:)`.
    /// - Throws: as `calendar(_:)`.
    public func knownCalendar(
        _ url: URL, since marker: CollectionState?
    ) throws(SyncError) -> (collection: CalendarCollection, marker: CollectionState)? {
        try calendar(url, asking: Self.knownCalendarProperties(since: marker))
    }

    /// What `knownCalendar(_:since:)` asks, in the order sent.
    static func knownCalendarProperties(since marker: CollectionState?) -> [String] {
        let markers =
            if marker?.syncToken != nil {
                ["d:sync-token"]
            } else if marker?.ctag != nil {
                ["cs:getctag"]
            } else {
                ["d:sync-token", "cs:getctag"]
            }
        return ["d:resourcetype", "d:displayname", "d:current-user-privilege-set"] + markers
    }
}
