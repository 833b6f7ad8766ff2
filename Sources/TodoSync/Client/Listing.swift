import Foundation

/// A member of a collection as a listing names it.
public struct Listing: Sendable, Hashable {
    public var url: URL
    public var etag: String?
}
