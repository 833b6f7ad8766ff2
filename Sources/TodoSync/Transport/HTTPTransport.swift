import TodoSyncModel

/// Sends HTTP requests: `CurlTransport` in the product, a scripted one in tests of faults a real
/// server cannot be made to show.
///
/// Contract:
/// - `send` returns every HTTP answer, whatever its status (a 404 or 412 is an answer, not an
///   error), and throws only when no usable answer came: the server could not be reached, the
///   connection broke, a time-out passed (`SyncError.timedOut`), or the answer was too large.
/// - **Bounded answers**: `send` reads at most `request.maximumResponseBytes` bytes of an
///   answer's body. An answer that says it is larger (`Content-Length`) is not read at all, and
///   one that grows past the bound as it arrives is not read further: the connection is closed
///   and `send` throws `SyncError.responseTooLarge` with the bound.
/// - Redirects are followed only within the request's origin (`Origin`), keeping the method
///   and body; credentials go only there.
/// - `send` may be called from several threads at once; up to `maximumConcurrentRequests` of
///   them are in flight together (the others wait their turn).
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse

    /// How many requests are worth sending together: 1 sends them one after the other.
    var maximumConcurrentRequests: Int { get }
}

extension HTTPTransport {
    public var maximumConcurrentRequests: Int { 1 }
}
