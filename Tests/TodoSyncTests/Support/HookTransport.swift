import Foundation
import TodoSync
import TodoSyncModel

/// Passes requests to a real transport, letting a test act before a request goes out or change
/// the answer that comes back: for races with another client at a chosen moment, and for faults
/// a real server cannot be made to show (a missing ETag, a truncated sync report).
final class HookTransport: HTTPTransport, @unchecked Sendable {
    let inner: any HTTPTransport
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    /// Runs before each request; gets the request and how many went before it.
    var before: (HTTPRequest, Int) -> Void = { _, _ in }
    /// Rewrites each request's answer (or answers it alone, without `inner`, when it returns one
    /// for `nil`).
    var answer: (HTTPRequest, () throws(SyncError) -> HTTPResponse) throws(SyncError) -> HTTPResponse = {
        (_, forward) throws(SyncError) in try forward()
    }

    /// Requests in flight together: 1 unless made with `concurrent`, so that a test's hooks see
    /// a run's requests one at a time, in order.
    let maximumConcurrentRequests: Int

    /// - Parameter concurrent: pass the inner transport's pool on, letting requests overlap.
    init(_ inner: any HTTPTransport, concurrent: Bool = false) {
        self.inner = inner
        maximumConcurrentRequests = concurrent ? inner.maximumConcurrentRequests : 1
    }

    /// The requests sent so far.
    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        lock.lock()
        let count = sent.count
        sent.append(request)
        lock.unlock()
        before(request, count)
        return try answer(request) { () throws(SyncError) in try inner.send(request) }
    }
}
