import Foundation
import Testing
import TodoTestSupport

/// `todo-tui sync setup` and `todo-tui sync` as a person types them, against real servers.
@Suite("todo-tui sync", .serialized)
struct SyncCommandTests {
    @Test(
        "setup discovers or creates the to-do calendar, then two stores sync", arguments: CalDAVTestServer.Kind.allCases
    )
    func setupAndSync(kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server)
        let setup = try sandbox.run([
            "sync", "setup", server.rootURL.absoluteString, "--user", server.user, "--create", "Errands",
        ])
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.contains("'Errands'"))
        let account = try String(
            contentsOfFile: sandbox.home.path("config/todo-tui/sync-account.json"), encoding: .utf8)
        #expect(!account.contains(server.password), "the password lands in no file")
        let mode =
            try FileManager.default.attributesOfItem(atPath: sandbox.home.path("config/todo-tui/sync-account.json"))[
                .posixPermissions] as? Int
        #expect(mode == 0o600)

        // Set up again without --create: the calendar made above is found by discovery.
        let again = try sandbox.run([
            "sync", "setup", server.rootURL.absoluteString, "--user", server.user, "--collection", "Errands",
        ])
        #expect(again.status == 0, "\(again.stderr)")

        #expect(try sandbox.run("one", "add", "buy stamps", "--priority", "high").status == 0)
        let first = try sandbox.run("one", "sync")
        #expect(
            first.status == 0 && first.stdout == "Synced: to the server: 1 added.\n", "\(first.stdout)\(first.stderr)")
        let second = try sandbox.run("two", "sync")
        #expect(second.stdout == "Synced: from the server: 1 added.\n", "\(second.stderr)")
        #expect(try sandbox.items("two").values.sorted() == ["buy stamps"])
        #expect(!second.stdout.contains(server.password) && !second.stderr.contains(server.password))
    }

    @Test(
        "a first sync into a store whose folder does not exist yet makes it and pulls (a new machine's first command)")
    func firstSyncMakesTheStoreFolder() throws {
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server)
        try sandbox.setUpAccount(creating: "Errands")
        #expect(try sandbox.run("one", "add", "buy stamps").status == 0)
        #expect(try sandbox.run("one", "sync").status == 0)
        let fresh = sandbox.home.path("not/made/yet/todos.json")
        let pulled = try sandbox.run(["--store", fresh, "sync"])
        #expect(pulled.status == 0 && pulled.stdout == "Synced: from the server: 1 added.\n", "\(pulled.stderr)")
        let listed = try sandbox.run(["--store", fresh, "list"])
        #expect(listed.stdout.contains("buy stamps"), "\(listed.stderr)")
    }

    @Test("errors are one sentence with their own exit codes, and change nothing")
    func errors() throws {
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server)
        let none = try sandbox.run("one", "sync")
        #expect(none.status == 78 && none.stderr.contains("No sync account is set up"))

        let insecure = try sandbox.run(["sync", "setup", "http://dav.example.org/", "--user", "alice"])
        #expect(insecure.status == 64 && insecure.stderr.contains("plain http"))

        var wrong = sandbox.runner
        wrong.environment["TODO_TUI_PASSWORD"] = "wrong"
        let refused = try wrong.run(["sync", "setup", server.rootURL.absoluteString, "--user", "alice"])
        #expect(refused.status == 77 && refused.stderr.contains("401"), "\(refused.stderr)")

        let noCalendar = try sandbox.run(["sync", "setup", server.rootURL.absoluteString, "--user", "alice"])
        #expect(noCalendar.status == 76 && noCalendar.stderr.contains("no calendar that accepts to-dos"))

        #expect(
            try sandbox.run(["sync", "setup", server.rootURL.absoluteString, "--user", "alice", "--create", "T"]).status
                == 0)
        #expect(try sandbox.run("one", "add", "kept").status == 0)
        server.stop()
        let down = try sandbox.run("one", "sync")
        #expect(down.status == 69 && down.stderr.contains("Could not reach"), "\(down.stderr)")
        #expect(down.stderr.split(separator: "\n").count == 1, "one sentence")
        #expect(try sandbox.items("one").values.sorted() == ["kept"])
        try server.start()
        #expect(
            try sandbox.run("one", "sync").stdout == "Synced: to the server: 1 added.\n",
            "offline changes go out next time")
    }

    @Test("a conflict left waiting by the error policy ends the run with 75, saying so")
    func conflictWaiting() throws {
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server)
        try sandbox.setUpAccount(creating: "T")
        #expect(try sandbox.run("a", "add", "shared").status == 0)
        #expect(try sandbox.run("a", "sync").status == 0)
        #expect(try sandbox.run("b", "sync").status == 0)
        let id = try #require(try sandbox.items("a").keys.first)
        #expect(try sandbox.run("a", "edit", id, "--priority", "high").status == 0)
        #expect(try sandbox.run("b", "edit", id, "--note", "from b").status == 0)
        #expect(try sandbox.run("b", "sync").status == 0)
        let result = try sandbox.run("a", "sync", "--merge-policy", "error")
        #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "todo-tui: Not all synced: 1 conflict waiting ('shared').\n", "\(result.stderr)")
    }
}
