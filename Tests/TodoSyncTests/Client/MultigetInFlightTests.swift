import Foundation
import Testing
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// `CalDAVClient.multiget` sends its batches together over the transport's connections and
/// returns what asking them one after the other returns; a failed batch fails the whole call
/// with the first failed batch's error.
@Suite("Multiget batches in flight")
struct MultigetInFlightTests {
    /// A server whose `todos` collection holds `count` to-dos, `n000.ics` and on.
    private func seeded(_ kind: CalDAVTestServer.Kind, count: Int) throws -> (CalDAVTestServer, URL, [URL]) {
        let (server, collection) = try makeServer(kind)
        let client = CalDAVClient(
            transport: CurlTransport(user: server.user, password: server.password), user: server.user,
            origin: Origin(collection)!)
        let urls = (0..<count).map { collection.appendingPathComponent(String(format: "n%03d.ics", $0)) }
        for (index, url) in urls.enumerated() {
            let body = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//tests//EN", "BEGIN:VTODO", "UID:n\(index)",
                "DTSTAMP:20260101T000000Z", "SUMMARY:item \(index)", "END:VTODO", "END:VCALENDAR", "",
            ].joined(separator: "\r\n")
            _ = try client.put(url, Array(body.utf8), ifMatch: nil)
        }
        return (server, collection, urls)
    }

    private func client(_ transport: any HTTPTransport, _ server: CalDAVTestServer, _ collection: URL) -> CalDAVClient {
        CalDAVClient(transport: transport, user: server.user, origin: Origin(collection)!)
    }

    @Test("seven batches over four connections overlap and bring what one connection brings")
    func sameAsOneByOne() throws {
        let (server, collection, urls) = try seeded(.radicale, count: 130)
        defer { server.stop() }
        let one = CurlTransport(user: server.user, password: server.password, connections: 1)
        let alone = try client(one, server, collection).multiget(collection, urls, batchSize: 20)

        // The first REPORT waits until a second one has gone out: with batches sent one after the
        // other it would wait in vain, and the flag below stays false.
        let second = DispatchSemaphore(value: 0)
        let overlapped = Flag()
        let hooked = HookTransport(
            CurlTransport(user: server.user, password: server.password, connections: 4), concurrent: true)
        hooked.before = { request, count in
            guard request.method == "REPORT" else { return }
            if count == 0 {
                overlapped.set(second.wait(timeout: .now() + 10) == .success)
            } else if count == 1 {
                second.signal()
            }
        }
        let together = try client(hooked, server, collection).multiget(collection, urls, batchSize: 20)

        #expect(overlapped.value)
        #expect(hooked.requests.count == 7)
        #expect(together == alone)
        #expect(Set(together.resources.map(\.url.lastPathComponent)) == Set(urls.map(\.lastPathComponent)))
        #expect(together.resources.count == urls.count)
    }

    @Test("a batch the server fails fails the call with the first failed batch's error")
    func firstFailure() throws {
        let (server, collection, urls) = try seeded(.radicale, count: 60)
        defer { server.stop() }
        let hooked = HookTransport(
            CurlTransport(user: server.user, password: server.password, connections: 4), concurrent: true)
        // Batches 2 and 3 (of 0…5) are answered 500 and 503; whichever is sent first, the error
        // is batch 2's.
        hooked.answer = { (request, forward) throws(SyncError) in
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            if body.contains("n020.ics") { return HTTPResponse(status: 500, url: request.url) }
            if body.contains("n030.ics") { return HTTPResponse(status: 503, url: request.url) }
            return try forward()
        }
        #expect {
            _ = try client(hooked, server, collection).multiget(collection, urls, batchSize: 10)
        } throws: { error in
            "\(error)".contains("500") && !"\(error)".contains("503")
        }
    }
}
