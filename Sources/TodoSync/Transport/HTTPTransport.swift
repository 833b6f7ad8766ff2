import TodoSyncModel

/// Sends HTTP requests: `URLSessionTransport` in the product, a scripted one in tests of faults
/// a real server cannot be made to show.
///
/// Contract: `send` returns every HTTP answer, whatever its status (a 404 or 412 is an answer,
/// not an error), and throws only when no answer came: the server could not be reached, the
/// connection broke, or the request timed out.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse
}
