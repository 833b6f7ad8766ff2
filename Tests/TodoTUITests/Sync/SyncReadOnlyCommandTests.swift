import Foundation
import Testing
import TodoTestSupport

/// The commands refuse to change a to-do of a read-only list (a calendar the server lets the
/// account only read), with one sentence and exit 77, and change nothing.
@Suite("Read-only lists in the CLI", .serialized)
struct SyncReadOnlyCommandTests {
    @Test("edit, done, delete, move and add refuse a read-only list")
    func refused() throws {
        let server = try CalDAVTestServer(.radicale, rights: CalDAVTestServer.aliceReadsBobsShared)
        defer { server.stop() }
        let (work, shared) = try CurlCalDAVClient.makeSharedCalendars(on: server)
        let sandbox = try SyncSandbox(server: server)
        // An account naming alice's calendar and the one bob shares (setup finds alice's own).
        let account = """
            {"server": "\(server.rootURL.absoluteString)", "user": "alice", "collection": "\(work.absoluteString)", \
            "collections": ["\(work.absoluteString)", "\(shared.absoluteString)"], "allowInsecure": false}
            """
        try FileManager.default.createDirectory(
            atPath: sandbox.home.path("config/todo-tui"), withIntermediateDirectories: true)
        try account.write(
            toFile: sandbox.home.path("config/todo-tui/sync-account.json"), atomically: true, encoding: .utf8)
        let synced = try sandbox.run("a", "sync")
        #expect(synced.status == 0, "\(synced.stdout)\(synced.stderr)")
        #expect(try sandbox.run("a", "add", "own", "--list", "Work").status == 0)
        let items = try sandbox.items("a")
        let lunch = try #require(items.first { $0.value == "team lunch" }?.key)
        let own = try #require(items.first { $0.value == "own" }?.key)
        let before = try String(contentsOfFile: sandbox.home.path("a.json"), encoding: .utf8)

        for arguments in [
            ["edit", lunch, "--note", "mine"], ["done", lunch], ["delete", lunch], ["move", lunch, "--list", "Work"],
            ["move", own, "--list", "Shared"], ["add", "more", "--list", "Shared"],
        ] {
            let result = try sandbox.run(["--store", sandbox.home.path("a.json")] + arguments)
            #expect(result.status == 77, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr == "todo-tui: The list \"Shared\" is read-only: the server lets this account read its "
                    + "calendar, not change it; nothing was changed.\n", "\(arguments)")
        }
        #expect(try String(contentsOfFile: sandbox.home.path("a.json"), encoding: .utf8) == before)
        #expect(try sandbox.run("a", "edit", own, "--note", "fine").status == 0)
    }
}
