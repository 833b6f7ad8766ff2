import Foundation
import Testing
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A server that asks for patience (`429`, `503` with `Retry-After`) slows the transport's pool
/// down instead of failing the run, and the pool never has more requests in flight than its
/// connections (a fake server: a real one cannot be made to rate-limit on cue).
@Suite("The curl transport's pool and its pacing")
struct RequestPacingTests {
    /// What the fake server saw: requests, how many it was answering at once at most.
    private final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        private(set) var requests = 0
        private var refusals: [Int]

        /// - Parameter refusals: the statuses the first requests get, in order (then 201).
        init(refusals: [Int]) {
            self.refusals = refusals
        }

        func begin() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            now += 1
            requests += 1
            most = max(most, now)
            return refusals.isEmpty ? nil : refusals.removeFirst()
        }

        func end() {
            lock.lock()
            defer { lock.unlock() }
            now -= 1
        }
    }

    private func server(_ tally: Tally, retryAfter: String) throws -> FakeHTTPServer {
        try FakeHTTPServer(name: "origin") { _ in
            let refusal = tally.begin()
            // Long enough that the clients' requests overlap at the server.
            usleep(50_000)
            tally.end()
            if let refusal {
                return FakeHTTPServer.Response(status: refusal, headers: ["Retry-After": retryAfter], text: "slow down")
            }
            return FakeHTTPServer.Response(status: 201, headers: ["ETag": "\"1\""], text: "")
        }
    }

    /// Sends `count` PUTs from `count` threads at once; their statuses.
    private func putAll(_ count: Int, to server: FakeHTTPServer, connections: Int) -> [Int] {
        let transport = CurlTransport(user: "me", password: "secret", connections: connections)
        let statuses = Statuses(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let request = HTTPRequest(
                method: "PUT", url: server.rootURL.appendingPathComponent("me/tasks/\(index).ics"),
                headers: ["Content-Type": "text/calendar"], body: Data("BEGIN:VCALENDAR".utf8))
            statuses.set(index, (try? transport.send(request).status) ?? -1)
        }
        return statuses.all
    }

    private final class Statuses: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int]
        init(count: Int) { values = Array(repeating: 0, count: count) }
        func set(_ index: Int, _ value: Int) {
            lock.lock()
            values[index] = value
            lock.unlock()
        }
        var all: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    @Test("429 and 503 with Retry-After are waited out and sent again: every PUT is stored, none fails")
    func retryAfter() throws {
        let tally = Tally(refusals: [429, 503, 429])
        let server = try server(tally, retryAfter: "1")
        let statuses = putAll(12, to: server, connections: 4)
        #expect(statuses == Array(repeating: 201, count: 12))
        #expect(tally.requests == 15, "each refused request sent once more")
        #expect(tally.most <= 4, "never more in flight than the pool's connections")
    }

    @Test("a Retry-After that is no number of seconds, or too long to wait, is the server's answer")
    func unusableRetryAfter() throws {
        for retryAfter in ["soon", "100000"] {
            let tally = Tally(refusals: [503])
            let server = try server(tally, retryAfter: retryAfter)
            #expect(putAll(1, to: server, connections: 4) == [503], "\(retryAfter)")
            #expect(tally.requests == 1)
        }
    }

    @Test("one connection sends one request at a time")
    func oneConnection() throws {
        let tally = Tally(refusals: [])
        let server = try server(tally, retryAfter: "0")
        #expect(putAll(6, to: server, connections: 1) == Array(repeating: 201, count: 6))
        #expect(tally.most == 1)
    }
}
