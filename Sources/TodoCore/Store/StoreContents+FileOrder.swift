import Foundation

extension StoreContents {
    /// The order a store file lists its items in: the list's default request's, by date then id.
    package static let fileOrder = FetchRequest()

    /// These contents with the items in file order.
    ///
    /// Why a store file keeps this order: a context that loads the file then holds its items in
    /// the order the list shows them, so the list's first fetch sorts an array already in order
    /// (one pass) and its cache check walks the items in step with the cache; and a `git diff`
    /// of the file reads by date.
    /// - Complexity: O(n log n); O(n) when the items are nearly in order already.
    package var inFileOrder: StoreContents {
        var ordered = self
        ordered.items.sort(by: Self.fileOrder.areInIncreasingOrder)
        return ordered
    }
}
