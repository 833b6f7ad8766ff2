import Foundation

/// An object resource as fetched: where it is, its version, its iCalendar bytes.
public struct Resource: Sendable, Hashable {
    public var url: URL
    public var etag: String?
    public var bytes: [UInt8]
}
