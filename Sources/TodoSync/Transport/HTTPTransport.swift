import TodoSyncModel

/// Sends HTTP requests: `CurlTransport` in the product, a scripted one in tests of faults a real
/// server cannot be made to show.
///
/// Contract: `send` returns every HTTP answer, whatever its status (a 404 or 412 is an answer,
/// not an error), and throws only when no usable answer came: the server could not be reached,
/// the connection broke, a time-out passed (`SyncError.timedOut`), or the body grew past the
/// request's `maximumBodySize`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse
}
