import Foundation

/// The pool of a transport's handles and how fast it may send: at most `width` requests in
/// flight, none before `pausedUntil`.
///
/// A server that answers `429 Too Many Requests` or `503 Service Unavailable` with
/// `Retry-After` is asking every client to wait: the pool pauses every request for that long and
/// halves its width (never below one), so the run goes on more slowly instead of failing.
final class RequestPacing: @unchecked Sendable {
    /// How often one request is sent in all when the server keeps asking for patience; the last
    /// answer is returned as it is (a `503` is then a refusal like any other).
    static let attempts = 4
    /// The longest `Retry-After` honoured; a longer one is the server's answer, not a wait.
    static let longestWait: Duration = .seconds(120)

    private let condition = NSCondition()
    private var width: Int
    private var inFlight = 0
    private var idle: [UnsafeMutableRawPointer] = []
    private var pausedUntil: ContinuousClock.Instant?
    /// Every handle made, for the owner to clean up.
    private(set) var handles: [UnsafeMutableRawPointer] = []

    init(width: Int) {
        self.width = width
    }

    /// The wait `response` asks for: a `429` or `503` with `Retry-After` in whole seconds, up to
    /// `longestWait`; nil for any other answer.
    static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard response.status == 429 || response.status == 503,
            let text = response.headers["retry-after"]?.trimmingCharacters(in: .whitespaces),
            let seconds = Int(text), seconds >= 0, Duration.seconds(seconds) <= longestWait
        else { return nil }
        return .seconds(seconds)
    }

    /// Pauses every request for `wait` and halves the width.
    func slowDown(for wait: Duration) {
        condition.lock()
        defer { condition.unlock() }
        let until = ContinuousClock.now + wait
        pausedUntil = max(pausedUntil ?? until, until)
        width = max(1, width / 2)
    }

    /// A handle to send on, once the width and any pause allow (`make` creates a new one when
    /// none is idle); nil when `make` fails.
    func acquire(make: () -> UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        condition.lock()
        while true {
            if let until = pausedUntil, until > .now {
                condition.unlock()
                Thread.sleep(forTimeInterval: Double((until - .now) / .milliseconds(1)) / 1000)
                condition.lock()
                continue
            }
            if inFlight < width { break }
            condition.wait()
        }
        inFlight += 1
        defer { condition.unlock() }
        if let handle = idle.popLast() { return handle }
        guard let handle = make() else {
            inFlight -= 1
            condition.signal()
            return nil
        }
        handles.append(handle)
        return handle
    }

    /// Gives `handle` back to the pool.
    func release(_ handle: UnsafeMutableRawPointer) {
        condition.lock()
        defer { condition.unlock() }
        idle.append(handle)
        inFlight -= 1
        condition.broadcast()
    }
}
