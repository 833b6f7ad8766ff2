/// A copy of an item left in the collection it moved out of: the move put the item into its new
/// collection, and the copy is deleted next (`If-Match` its ETag). Kept in the sync state until
/// the server confirms the deletion, so a run stopped between the two requests finishes the move.
public struct MovedCopy: Sendable, Hashable, Codable {
    /// The copy's URL, as the server named it.
    public var href: String
    /// Its ETag when the item left it; nil when the server gave none.
    public var etag: String?

    public init(href: String, etag: String?) {
        self.href = href
        self.etag = etag
    }
}
