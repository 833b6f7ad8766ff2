import Foundation

/// A server's answer to one `HTTPRequest`, after the transport followed any redirects.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header fields by lower-cased name.
    public var headers: [String: String]
    public var body: Data
    /// The URL that answered (the request's, or where a redirect led).
    public var url: URL

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), url: URL) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
        self.url = url
    }

    /// True for 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `ETag` header, if the server sent one.
    public var etag: String? { headers["etag"] }
}
