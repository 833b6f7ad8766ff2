import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A first pull asks for every item with its data in one `calendar-query`; an item the server
/// lists without data is fetched by `calendar-multiget`, and an answer over the bound falls back
/// to the listing and the multiget batches, each bounded on its own.
@Suite("First pulls", .serialized)
struct SyncFirstPullTests {
    private let texts = ["one", "two", "three", "four", "five"]

    /// A server holding `texts`, pushed by another device, and a new device with a hooked transport.
    private func newDevice(
        on kind: CalDAVTestServer.Kind
    ) throws -> (server: CalDAVTestServer, device: SyncDevice, hook: HookTransport) {
        let (server, collection) = try makeServer(kind)
        let a = try SyncDevice(server: server, collection: collection)
        for text in texts { try a.add(text) }
        try a.sync()
        let b = try SyncDevice(server: server, collection: collection)
        let hook = HookTransport(b.transport)
        b.transport = hook
        return (server, b, hook)
    }

    private static func isQueryWithData(_ request: HTTPRequest) -> Bool {
        let body = String(decoding: request.body ?? Data(), as: UTF8.self)
        return request.method == "REPORT" && body.contains("calendar-query") && body.contains("calendar-data")
    }

    @Test(
        "one REPORT brings every item of a first pull, and the next run finds nothing to do",
        arguments: [
            CalDAVTestServer.Kind.radicale, .xandikos,
        ])
    func oneRequest(kind: CalDAVTestServer.Kind) throws {
        let (server, b, hook) = try newDevice(on: kind)
        defer { server.stop() }
        let report = try b.sync()
        #expect(report.pulledAdded == texts.count)
        #expect(try Set(b.items().values.map(\.text)) == Set(texts))
        #expect(hook.requests.map(\.method) == ["PROPFIND", "REPORT"])
        #expect(hook.requests.last.map(Self.isQueryWithData) == true)
        let again = try b.sync()
        #expect(again.pulledAdded == 0 && again.pulledChanged == 0 && again.pushedChanged == 0)
    }

    @Test("an item listed without its data is fetched by calendar-multiget")
    func listedWithoutData() throws {
        let (server, b, hook) = try newDevice(on: .radicale)
        defer { server.stop() }
        hook.answer = { request, send throws(SyncError) in
            var response = try send()
            guard Self.isQueryWithData(request) else { return response }
            // The first member's calendar-data element, with whatever prefix the server gives it.
            let text = String(decoding: response.body, as: UTF8.self)
            let pattern = #"(?s)<([A-Za-z0-9]+:)?calendar-data[^>]*>.*?</([A-Za-z0-9]+:)?calendar-data>"#
            guard let range = text.range(of: pattern, options: .regularExpression) else {
                Issue.record("no calendar-data in the answer")
                return response
            }
            response.body = Data(text.replacingCharacters(in: range, with: "").utf8)
            return response
        }
        #expect(try b.sync().pulledAdded == texts.count)
        #expect(try Set(b.items().values.map(\.text)) == Set(texts))
        let methods = hook.requests.map(\.method)
        #expect(methods == ["PROPFIND", "REPORT", "REPORT"])
        let multiget = try #require(hook.requests.last?.body)
        #expect(String(decoding: multiget, as: UTF8.self).contains("calendar-multiget"))
    }

    @Test("an answer over the bound falls back to the listing and the multiget, and every item comes")
    func tooLarge() throws {
        let (server, b, hook) = try newDevice(on: .radicale)
        defer { server.stop() }
        hook.answer = { request, send throws(SyncError) in
            guard Self.isQueryWithData(request) else { return try send() }
            throw .responseTooLarge(method: "REPORT", url: request.url.absoluteString, limit: ResponseLimits.listing)
        }
        #expect(try b.sync().pulledAdded == texts.count)
        #expect(try Set(b.items().values.map(\.text)) == Set(texts))
        let bodies = hook.requests.map { String(decoding: $0.body ?? Data(), as: UTF8.self) }
        #expect(hook.requests.map(\.method) == ["PROPFIND", "REPORT", "REPORT", "REPORT"])
        #expect(bodies.count == 4 && !bodies[2].contains("calendar-data") && bodies[3].contains("calendar-multiget"))
    }

    @Test(
        "a first pull of several chunks reads them side by side: every readable item comes, the unreadable are said in path order"
    )
    func manyChunks() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let count = ObjectResourceReading.chunkSize * 2 + 44
        let context = a.context()
        for index in 0..<count {
            try context.insert(
                TodoItem(text: "item \(index)", date: Date(timeIntervalSince1970: 1_800_000_000), createdAt: Date()))
        }
        try context.save()
        try a.sync()
        let b = try SyncDevice(server: server, collection: collection)
        let hook = HookTransport(b.transport)
        b.transport = hook
        let broken = ["item 7", "item 150", "item \(count - 1)"]
        hook.answer = { request, send throws(SyncError) in
            var response = try send()
            guard Self.isQueryWithData(request) else { return response }
            var text = String(decoding: response.body, as: UTF8.self)
            for summary in broken {
                for end in ["\r", "\n"] {
                    text = text.replacingOccurrences(of: "SUMMARY:\(summary)\(end)", with: "SUMMARY \(summary)\(end)")
                }
            }
            response.body = Data(text.utf8)
            return response
        }
        let report = try b.sync()
        #expect(report.pulledAdded == count - broken.count)
        #expect(try Set(b.items().keys) == Set((0..<count).map { "item \($0)" }).subtracting(broken))
        #expect(report.unreadable.count == broken.count)
        #expect(report.unreadable.allSatisfy { $0.contains("is not an iCalendar content line") })
        let paths = report.unreadable.compactMap { $0.components(separatedBy: ", line").first }
        #expect(paths == paths.sorted() && Set(paths).count == broken.count)
        #expect(hook.requests.map(\.method) == ["PROPFIND", "REPORT"])
    }
}
