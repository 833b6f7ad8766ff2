import Foundation
import Testing
import TodoSyncModel
import TodoTestSupport

@testable import TodoSync

/// A run asks for a changed calendar's changes as soon as the quiet check has shown the change,
/// while it reads the sync state and the store, and takes that answer instead of asking again.
@Suite("Changes asked for early", .serialized)
struct EarlyChangesTests {
    @Test(
        "the sync-collection REPORT goes out before the run's own requests of its preparation, once",
        arguments: CalDAVTestServer.Kind.allCases)
    func reportWhilePreparing(kind: CalDAVTestServer.Kind) throws {
        let (server, urls, a, _) = try SyncListsTests().setUp(kind)
        defer { server.stop() }
        a.home = server.homeURL
        try a.sync()
        try a.sync()
        try CurlCalDAVClient(server: server).put("call the plumber", uid: "phone-plumber", in: urls[0])
        // An hour on, the run lists the calendar home while it prepares (`calendarsAdded`). That
        // PROPFIND waits until the REPORT has gone out: sent after the preparation, it would wait
        // in vain, and the flag stays false.
        a.now = { Date().addingTimeInterval(3_700) }
        let reportSent = DispatchSemaphore(value: 0)
        let overlapped = Flag()
        let hook = HookTransport(a.transport, concurrent: true)
        hook.before = { request, _ in
            if request.method == "REPORT", Self.isSyncCollection(request) {
                reportSent.signal()
            } else if request.method == "PROPFIND", request.url.path == server.homeURL.path {
                overlapped.set(reportSent.wait(timeout: .now() + 10) == .success)
            }
        }
        a.transport = hook
        let report = try a.sync()
        #expect(overlapped.value, "\(hook.requests.map { "\($0.method) \($0.url.path)" })")
        #expect(report.pulledAdded == 1 && report.isComplete, "\(report.summary)")
        #expect(try a.item("call the plumber") != nil)
        let asked = hook.requests.filter { $0.method == "REPORT" && Self.isSyncCollection($0) }
        #expect(asked.map(\.url.path) == [urls[0].path], "one sync-collection REPORT, of the calendar that changed")
    }

    @Test("an answer is given only for the request sent, once, and an error reaches the run as its own would")
    func takeMatchesTheRequest() throws {
        let down = URL(string: "http://127.0.0.1:\(FreePort.pick())/alice/todos/")!
        let transport = HookTransport(CurlTransport(user: "alice", password: "pw"), concurrent: true)
        let client = CalDAVClient(transport: transport, user: "alice", origin: Origin(down)!)
        let early = try #require(EarlyChanges.start([(down, "token-1")], client: client))
        #expect(early.take(down, token: "token-2") == nil, "another token: the run asks itself")
        let answer = try #require(early.take(down, token: "token-1"))
        #expect(throws: SyncError.self) { try answer.get() }
        #expect(early.take(down, token: "token-1") == nil, "taken once")
        early.finish()
        #expect(transport.requests.count == 1)

        let oneByOne = CalDAVClient(transport: HookTransport(transport), user: "alice", origin: Origin(down)!)
        #expect(EarlyChanges.start([(down, "token-1")], client: oneByOne) == nil, "one request at a time: none early")
    }

    private static func isSyncCollection(_ request: HTTPRequest) -> Bool {
        String(decoding: request.body ?? Data(), as: UTF8.self).contains("sync-collection")
    }
}
