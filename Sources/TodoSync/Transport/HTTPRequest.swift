import Foundation

/// One HTTP request as the sync sends it: WebDAV methods (PROPFIND, REPORT, MKCALENDAR) carry
/// an XML body, PUT an iCalendar one.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    /// Header fields by name; the transport adds `Authorization` itself.
    public var headers: [String: String]
    public var body: Data?
    /// The most bytes of answer body the transport reads; past it the request fails with an
    /// error instead of reading on. nil: no limit.
    public var maximumBodySize: Int?

    public init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, maximumBodySize: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.maximumBodySize = maximumBodySize
    }
}
