import Foundation
import Testing
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// `CurlTransport` against a fake loopback server: an answer past its request's bound is
/// not read further, with or without a `Content-Length`; a silent server and a closed port are
/// said in words; a redirect to another origin is not followed and the other origin hears nothing.
@Suite("The transport's bounds and sentences", .serialized)
struct TransportBoundsTests {
    private func request(_ server: FakeHTTPServer, limit: Int) -> HTTPRequest {
        HTTPRequest(method: "GET", url: server.rootURL.appendingPathComponent("a.ics"), maximumResponseBytes: limit)
    }

    @Test("an answer at its bound is read; one byte more is refused, with or without its length")
    func responseBound() throws {
        for withoutLength in [false, true] {
            let server = try FakeHTTPServer(name: "origin") { request in
                let size = request.target.hasSuffix("big") ? 1_000_001 : 1_000_000
                return .init(status: 200, body: Data(repeating: 65, count: size), withoutLength: withoutLength)
            }
            defer { server.stop() }
            let transport = CurlTransport(user: "u", password: "p")
            #expect(try transport.send(request(server, limit: 1_000_000)).body.count == 1_000_000)
            var big = request(server, limit: 1_000_000)
            big.url = server.rootURL.appendingPathComponent("big")
            #expect(throws: SyncError.responseTooLarge(method: "GET", url: big.url.absoluteString, limit: 1_000_000)) {
                _ = try transport.send(big)
            }
        }
    }

    @Test("an endless answer is cut at the bound")
    func endlessAnswer() throws {
        let server = try FakeHTTPServer(name: "origin") { _ in .init(status: 200, endlessBytes: 1 << 30) }
        defer { server.stop() }
        let transport = CurlTransport(user: "u", password: "p")
        #expect(throws: SyncError.self) { _ = try transport.send(request(server, limit: 1 << 20)) }
    }

    @Test("a silent server and a closed port are said in words, without Foundation's domain or code")
    func failuresInWords() throws {
        let silent = try FakeHTTPServer(name: "origin") { _ in
            usleep(3_000_000)
            return .init(status: 200)
        }
        defer { silent.stop() }
        let transport = CurlTransport(user: "u", password: "p", timeouts: SyncTimeouts(silence: 1))
        let closed = try FakeHTTPServer(name: "closed") { _ in .init(status: 200) }
        closed.stop()
        for (server, expected) in [
            (silent, "nothing came for 1 s"), (closed, "nothing accepted the connection"),
        ] {
            do {
                _ = try transport.send(request(server, limit: 1 << 20))
                Issue.record("\(server.rootURL) answered")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(!error.description.contains("Domain") && !error.description.contains("error -"))
            }
        }
    }

    @Test("a redirect to another origin is not followed, and that origin hears nothing")
    func redirectElsewhere() throws {
        let other = try FakeHTTPServer(name: "other origin") { _ in .init(status: 200) }
        defer { other.stop() }
        let server = try FakeHTTPServer(name: "origin") { _ in
            .init(status: 301, headers: ["Location": other.rootURL.appendingPathComponent("cal/").absoluteString])
        }
        defer { server.stop() }
        let transport = CurlTransport(user: "u", password: "p")
        #expect(throws: SyncError.self) { _ = try transport.send(request(server, limit: 1 << 20)) }
        #expect(other.log.isEmpty, "\(other.log)")
        #expect(server.log == ["GET /a.ics (with credentials)"])
    }
}
