import Foundation

extension TodoContext {
    /// The version of an item that `save()` writes while the store does not hold it.
    ///
    /// A brand-new id starts at 1. An id this context knew (its snapshot holds it, or it saw it
    /// deleted) comes back above every version it had, so that a version names one value and
    /// versions never go back for any reader: above the version this context knew, and at least
    /// the generation of the save — every save raises the generation by one and an item's version
    /// by at most one, so each earlier version of the item is at most the generation of the
    /// earlier save that wrote it.
    /// - Complexity: O(1).
    func version(reinserting id: UUID, in generation: Int) -> Int {
        guard let known = knownVersion(of: id) else { return 1 }
        return max(known + 1, generation)
    }
}
