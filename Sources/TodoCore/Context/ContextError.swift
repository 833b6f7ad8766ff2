import Foundation

/// Why a context could not insert, update or delete an item. Nothing changed when one is thrown.
///
/// An id a library user holds can be stale (another writer deleted the item and a merge or a
/// refresh brought that in), so a missing or taken id is an error to handle, not a crash.
public enum ContextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No item with this id is in the context (it was never there, or it was deleted).
    case noSuchItem(UUID)
    /// An item with this id is already in the context, so it cannot be inserted.
    case duplicateID(UUID)
    /// The store could not be read when the context loaded it.
    case store(StoreError)
    /// No list with this id is in the context.
    case noSuchList(UUID)
    /// Another list already has this name (names are compared ignoring case).
    case duplicateListName(String)
    /// The list is the store's only one, and a store holds at least one.
    case lastList(String)
    /// The list is read-only (`TodoContext.readOnlyLists`): the calendar it syncs with lets the
    /// account read it, not change it.
    case readOnlyList(String)

    public var description: String {
        switch self {
        case .noSuchItem(let id):
            "No to-do with id \(id.uuidString) is here; it may have been deleted meanwhile."
        case .duplicateID(let id):
            "A to-do with id \(id.uuidString) is already here."
        case .store(let error):
            error.description
        case .noSuchList(let id):
            "No list with id \(id.uuidString) is here; it may have been deleted meanwhile."
        case .duplicateListName(let name):
            "A list named \"\(name)\" is already here."
        case .lastList(let name):
            "The list \"\(name)\" is the only one, and there must be at least one."
        case .readOnlyList(let name):
            "The list \"\(name)\" is read-only: the server lets this account read its calendar, not change it; "
                + "nothing was changed."
        }
    }
}
