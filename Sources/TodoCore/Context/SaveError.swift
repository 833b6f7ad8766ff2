/// Why a context could not save. Nothing was written when a save throws.
public enum SaveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Items changed here were also changed in the store since this context read them, and the
    /// merge policy (`.error`) does not settle that.
    case conflicts([MergeConflict])
    /// The store could not be read or written.
    case store(StoreError)

    public var description: String {
        switch self {
        case .conflicts(let conflicts):
            let named = conflicts.prefix(3).map(\.description).joined(separator: "; ")
            let more = conflicts.count > 3 ? " and \(conflicts.count - 3) more" : ""
            return "Not saved because another writer changed the same items: \(named)\(more)."
        case .store(let error):
            return error.description
        }
    }
}
