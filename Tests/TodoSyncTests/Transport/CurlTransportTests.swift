import Foundation
import Glibc
import Testing
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// `CurlTransport`'s time-outs and body limit: a server that never answers, one that never lets
/// a connection in, one whose answer trickles, a run past its ceiling, and an answer past the
/// request's limit each end the request with one error naming the server.
@Suite("The curl transport")
struct CurlTransportTests {
    private func propfind(_ port: Int) throws -> HTTPRequest {
        HTTPRequest(
            method: "PROPFIND", url: try #require(URL(string: "http://127.0.0.1:\(port)/me/tasks/")),
            headers: ["Depth": "0"], body: Data("<d:propfind xmlns:d=\"DAV:\"/>".utf8))
    }

    /// The error `send` threw, if it threw one.
    private func failure(of request: HTTPRequest, timeouts: SyncTimeouts) -> SyncError? {
        do {
            _ = try CurlTransport(user: "me", password: "secret", timeouts: timeouts).send(request)
            return nil
        } catch {
            return error
        }
    }

    private func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    @Test("a server that accepts and never answers: timed out after the silence, having waited without spinning")
    func silence() throws {
        let server = try SilentServer()
        let start = threadCPUSeconds()
        let error = failure(of: try propfind(server.port), timeouts: SyncTimeouts(silence: 2))
        let used = threadCPUSeconds() - start
        #expect(error == .timedOut(server: "http://127.0.0.1:\(server.port)", reason: "nothing came for 2 s"))
        #expect(
            error?.description
                == "http://127.0.0.1:\(server.port) did not answer in time (nothing came for 2 s); the sync stopped "
                + "there, and what it had not done waits for the next sync.")
        // A client that spins while it waits spends about the 2 s it waits.
        #expect(used < 0.5, "processor time while waiting: \(used) s")
    }

    @Test("a server whose backlog is full never lets the connection in: timed out connecting")
    func connect() throws {
        let server = try SilentServer(full: true)
        let error = failure(of: try propfind(server.port), timeouts: SyncTimeouts(connect: 1, silence: 30))
        #expect(error == .timedOut(server: "http://127.0.0.1:\(server.port)", reason: "no connection within 1 s"))
    }

    @Test("an answer that trickles a byte at a time ends at the request's deadline")
    func trickle() throws {
        let server = try TrickleServer(interval: .milliseconds(200))
        defer { server.stop() }
        let error = failure(of: try propfind(server.port), timeouts: SyncTimeouts(silence: 30, request: 2))
        #expect(
            error == .timedOut(server: "http://127.0.0.1:\(server.port)", reason: "one answer took longer than 2 s"))
    }

    @Test("a run past its ceiling ends at it, however its requests fare")
    func runCeiling() throws {
        let server = try TrickleServer(interval: .milliseconds(200))
        defer { server.stop() }
        let error = failure(of: try propfind(server.port), timeouts: SyncTimeouts(silence: 30, request: 60, run: 2))
        #expect(
            error
                == .timedOut(
                    server: "http://127.0.0.1:\(server.port)", reason: "the whole sync took longer than 2 s"))
    }

    @Test("an answer larger than the request's limit is an error, not read on")
    func bodyLimit() throws {
        let (server, collection) = try makeServer(.xandikos)
        defer { server.stop() }
        let transport = CurlTransport(user: server.user, password: server.password)
        var request = HTTPRequest(
            method: "PROPFIND", url: collection, headers: ["Depth": "0", "Content-Type": "application/xml"],
            body: Data("<d:propfind xmlns:d=\"DAV:\"><d:allprop/></d:propfind>".utf8))
        let whole = try transport.send(request)
        #expect(whole.status == 207 && whole.body.count > 20)
        request.maximumResponseBytes = whole.body.count - 1
        #expect(
            throws: SyncError.responseTooLarge(
                method: "PROPFIND", url: collection.absoluteString, limit: whole.body.count - 1)
        ) {
            try transport.send(request)
        }
        request.maximumResponseBytes = whole.body.count
        #expect(try transport.send(request).body == whole.body)
    }
}
