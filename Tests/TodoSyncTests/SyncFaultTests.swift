import Foundation
import Glibc
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Faults: a server that stops mid-run, races with another client, a rejected token, a wrong
/// password, a URL that is no CalDAV server, and (through `HookTransport`) a truncated report
/// and a PUT answered without an ETag.
@Suite("Sync faults", .serialized)
struct SyncFaultTests {
    @Test("the server stopped mid-run: nothing lost, the next run finishes", arguments: CalDAVTestServer.Kind.allCases)
    func serverStopsMidRun(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        for index in 0..<30 { try a.add("item \(index)") }
        let hook = HookTransport(a.transport)
        hook.before = { request, _ in
            if request.method == "PUT", hook.requests.filter({ $0.method == "PUT" }).count == 11 { server.stop() }
        }
        a.transport = hook
        #expect {
            try a.sync()
        } throws: { error in
            guard case .unreachable = error as? SyncError else { return false }
            return true
        }
        #expect(try a.items().count == 30, "the local list is whole")
        try server.start()
        a.transport = hook.inner
        try a.sync()
        let b = try SyncDevice(server: server, collection: collection)
        try b.sync()
        #expect(try b.items().count == 30)
        #expect(try a.client.listTodos(collection).count == 30, "no item twice")
    }

    @Test(
        "a 412 race with another client between listing and PUT merges and retries",
        arguments: CalDAVTestServer.Kind.allCases)
    func preconditionRace(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("shared")
        try a.sync()
        try b.sync()
        try a.edit("shared") { $0.notes = "from a" }
        try b.edit("shared") { $0.priority = .high }
        let hook = HookTransport(a.transport)
        var raced = false
        hook.before = { request, _ in
            guard request.method == "PUT", !raced else { return }
            raced = true
            _ = try? b.sync()
        }
        a.transport = hook
        let report = try a.sync()
        #expect(raced)
        #expect(report.merged == 1)
        #expect(hook.requests.filter { $0.method == "PUT" }.count == 2, "one PUT refused, one after the merge")
        // The merge was saved here while pushing: the run folds it into the store file at its end.
        #expect(!FileManager.default.fileExists(atPath: a.storePath + ".journal"))
        #expect(try a.itemsInFileAlone()["shared"]?.priority == .high, "the store file alone holds the merge")
        try b.sync()
        #expect(try b.item("shared")?.notes == "from a")
        #expect(try b.item("shared")?.priority == .high)
        #expect(try a.item("shared")?.priority == .high)
    }

    @Test("a rejected sync token falls back to a full listing", arguments: CalDAVTestServer.Kind.allCases)
    func invalidToken(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("first")
        try a.sync()
        try b.sync()
        try b.add("second")
        try b.sync()
        let file = SyncStateFile(storePath: a.storePath)
        var state = try #require(try file.load())
        state.collections[0].marker?.syncToken = "http://127.0.0.1/not-a-token-of-this-server"
        try file.save(state)
        let report = try a.sync()
        #expect(report.pulledAdded == 1)
        #expect(try a.item("second") != nil)
        #expect(try a.items().count == 2)
    }

    @Test("a wrong password is one sentence and changes nothing")
    func wrongPassword() throws {
        let (server, collection) = try makeServer(.radicale)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        try a.add("local")
        a.transport = CurlTransport(user: server.user, password: "wrong")
        #expect {
            try a.sync()
        } throws: { error in
            guard case .unauthorized = error as? SyncError else { return false }
            return (error as? SyncError)?.description.contains("401") == true
        }
        #expect(!FileManager.default.fileExists(atPath: a.storePath + ".sync.json"))
        #expect(try a.items().count == 1)
    }

    @Test("a URL that is no CalDAV server is said so")
    func notCalDAV() throws {
        let folder = try TemporaryDirectory()
        let port = FreePort.pick()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.url.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            // SIGKILL: a child of the test process may start with SIGTERM blocked.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        var waits = 0
        while !FreePort.isAccepting(port), waits < 200 {
            usleep(50_000)
            waits += 1
        }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/"))
        let client = CalDAVClient(
            transport: CurlTransport(user: "u", password: "p"), user: "u", origin: Origin(url)!)
        #expect {
            _ = try CalDAVDiscovery(client: client).home(from: url)
        } throws: { error in
            guard case .notCalDAV = error as? SyncError else { return false }
            return true
        }
    }

    @Test("a truncated sync report (507) is asked again from its token", arguments: CalDAVTestServer.Kind.allCases)
    func truncatedReport(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("seed")
        try a.sync()
        try b.sync()
        for index in 0..<6 { try b.add("added \(index)") }
        try b.sync()
        let hook = HookTransport(a.transport)
        var original: String?
        hook.answer = { request, forward throws(SyncError) in
            guard request.method == "REPORT", let body = request.body.map({ String(decoding: $0, as: UTF8.self) }),
                body.contains("sync-collection")
            else { return try forward() }
            if let original, body.contains("truncated-continuation") {
                // Asked again from the truncated answer's token: the real answer from the original.
                let replaced = body.replacingOccurrences(of: "truncated-continuation", with: original)
                var again = request
                again.body = Data(replaced.utf8)
                return try hook.inner.send(again)
            }
            original = body.components(separatedBy: "<d:sync-token>").last?.components(separatedBy: "<").first
            let real = try forward()
            return Self.truncated(real, collection: collection)
        }
        a.transport = hook
        let report = try a.sync()
        #expect(report.pulledAdded == 6)
        #expect(
            hook.requests.filter {
                $0.method == "REPORT"
                    && ($0.body.map { String(decoding: $0, as: UTF8.self) } ?? "").contains("sync-collection")
            }.count == 2)
    }

    /// The first two members of a sync report, a 507 for the collection and a made-up token.
    private static func truncated(_ response: HTTPResponse, collection: URL) -> HTTPResponse {
        let text = String(decoding: response.body, as: UTF8.self)
        let members = Self.members(of: text)
        let body = """
            <?xml version="1.0" encoding="utf-8"?><D:multistatus xmlns:D="DAV:">\(members.prefix(2).joined())\
            <D:response><D:href>\(collection.path)</D:href><D:status>HTTP/1.1 507 Insufficient Storage</D:status></D:response>\
            <D:sync-token>truncated-continuation</D:sync-token></D:multistatus>
            """
        return HTTPResponse(
            status: 207, headers: ["Content-Type": "application/xml"], body: Data(body.utf8), url: response.url)
    }

    /// Each member response of a multistatus, re-written with a `D:` prefix: the href and ETag.
    private static func members(of text: String) -> [String] {
        guard let root = try? XMLTreeParser.parse(Data(text.utf8)) else { return [] }
        return root.children("response").compactMap { response in
            guard let href = response.child("href")?.trimmedText,
                let etag = response.children("propstat").first?.child("prop")?.child("getetag")?.trimmedText
            else { return nil }
            return
                "<D:response><D:href>\(href)</D:href><D:propstat><D:prop><D:getetag>\(etag.replacingOccurrences(of: "\"", with: "&quot;"))</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>"
        }
    }

    @Test(
        "a PUT answered without an ETag asks for it, and the next run has nothing to do",
        arguments: CalDAVTestServer.Kind.allCases)
    func missingETag(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        for index in 0..<3 { try a.add("item \(index)") }
        let hook = HookTransport(a.transport)
        hook.answer = { request, forward throws(SyncError) in
            var response = try forward()
            if request.method == "PUT" { response.headers["etag"] = nil }
            return response
        }
        a.transport = hook
        #expect(try a.sync().pushedAdded == 3)
        let state = try #require(try SyncStateFile(storePath: a.storePath).load())
        #expect(state.records.count == 3 && state.records.allSatisfy { $0.etag != nil })
        try a.sync()
        let quiet = try a.sync()
        #expect(quiet.summary == "In sync; nothing changed.")
        #expect(quiet.remoteUnchanged)
    }
}
