import Foundation

/// One collection a store syncs with, the list it is linked to, and what the last run learnt of
/// it.
public struct CollectionLink: Sendable, Hashable, Codable {
    /// The collection's URL, as discovery found it.
    public var url: String
    /// The list whose to-dos the collection holds; nil for the one collection of an account set
    /// up by an older todo-tui, which holds every list's to-dos.
    public var listID: UUID?
    /// The collection's change markers as of the last run whose pulled changes were applied.
    public var marker: CollectionState?
    /// The collection's display name as last agreed; a rename on either side goes to the other.
    public var name: String?
    /// True when the account may not write in the collection (a shared calendar, `DAV:write`
    /// not granted): its list is read-only.
    public var readOnly: Bool?
    /// The list's name as last agreed, when it is not the calendar's: a calendar renamed on the
    /// server to a name another list has here keeps that name there, and its list another here
    /// (`name 2`); nil when both names are `name`.
    public var listName: String?

    public init(
        url: String, listID: UUID?, marker: CollectionState? = nil, name: String? = nil, readOnly: Bool? = nil
    ) {
        self.url = url
        self.listID = listID
        self.marker = marker
        self.name = name
        self.readOnly = readOnly
    }

    /// True when the account may not write in the collection.
    public var isReadOnly: Bool { readOnly ?? false }
}
