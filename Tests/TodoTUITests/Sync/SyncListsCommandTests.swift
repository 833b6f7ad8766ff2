import Foundation
import Testing
import TodoTestSupport

/// `todo-tui sync setup` and `sync` with three calendars, as a person types them: setup links
/// every to-do calendar, two stores get the three lists, and `move` on one arrives on the other.
@Suite("todo-tui sync with several lists", .serialized)
struct SyncListsCommandTests {
    /// Calendars Work, Home and Shopping made by another client, and a sandbox; `sync setup` as
    /// typed, and its result.
    private func threeCalendars(
        _ kind: CalDAVTestServer.Kind
    ) throws -> (CalDAVTestServer, CurlCalDAVClient, SyncSandbox, CommandRunner.Result) {
        let server = try CalDAVTestServer(kind)
        let client = CurlCalDAVClient(server: server)
        for name in ["Work", "Home", "Shopping"] {
            try client.makeCalendar(server.collectionURL(name.lowercased()), name: name)
        }
        let sandbox = try SyncSandbox(server: server)
        let setup = try sandbox.run(["sync", "setup", server.rootURL.absoluteString, "--user", server.user])
        return (server, client, sandbox, setup)
    }

    @Test(
        "setup links three calendars; a move on one store arrives on the other",
        arguments: CalDAVTestServer.Kind.allCases)
    func threeLists(kind: CalDAVTestServer.Kind) throws {
        let (server, _, sandbox, setup) = try threeCalendars(kind)
        defer { server.stop() }
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.contains("3 calendars") && setup.stdout.contains("'Shopping'"), "\(setup.stdout)")

        #expect(try sandbox.run("one", "sync").status == 0)
        let lists = try sandbox.run("one", "lists").stdout
        #expect(
            lists.split(separator: "\n").map { $0.split(separator: "\t")[0] }.sorted() == ["Home", "Shopping", "Work"])
        #expect(try sandbox.run("one", "add", "bread", "--list", "Shopping").status == 0)
        #expect(try sandbox.run("one", "sync").stdout == "Synced: to the server: 1 added.\n")
        #expect(try sandbox.run("two", "sync").stdout == "Synced: from the server: 1 added.\n")
        let id = try #require(try sandbox.items("two").first?.key)

        #expect(try sandbox.run("two", "move", id, "--list", "Home").status == 0)
        #expect(try sandbox.run("two", "sync").stdout == "Synced: to the server: 1 moved.\n")
        #expect(try sandbox.run("one", "sync").stdout == "Synced: from the server: 1 moved.\n")
        #expect(try sandbox.run("one", "list", "--list", "Home").stdout.contains("bread"))
        #expect(try sandbox.run("one", "sync").stdout == "In sync; nothing changed.\n")
    }

    @Test(
        "a list deleted here stops the sync (75) until --yes deletes its calendar; a calendar added on the server arrives",
        arguments: CalDAVTestServer.Kind.allCases)
    func deletedHereAndAddedThere(kind: CalDAVTestServer.Kind) throws {
        let (server, client, sandbox, setup) = try threeCalendars(kind)
        defer { server.stop() }
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(try sandbox.run("one", "sync").status == 0)
        #expect(try sandbox.run("one", "add", "bread", "--list", "Shopping").status == 0)
        #expect(try sandbox.run("one", "sync").status == 0)

        #expect(try sandbox.run("one", "lists", "delete", "Shopping", "--with-todos").status == 0)
        let asked = try sandbox.run("one", "sync")
        #expect(asked.status == 75)
        #expect(
            asked.stderr.contains(
                "The list of the calendar 'Shopping' was deleted here, and the calendar still holds 1 to-do on the server"
            ),
            "\(asked.stderr)")
        #expect(try client.uids(in: server.collectionURL("shopping")).count == 1)
        let deleted = try sandbox.run("one", "sync", "--yes")
        #expect(deleted.status == 0 && deleted.stdout.contains("deleted on the server"), "\(deleted.stdout)")
        let account = try String(
            contentsOfFile: sandbox.home.path("config/todo-tui/sync-account.json"), encoding: .utf8)
        #expect(!account.contains("/shopping/") && account.contains("/home/"), "\(account)")
        #expect(try sandbox.run("one", "sync").stdout == "In sync; nothing changed.\n")

        let garden = server.collectionURL("garden")
        try client.makeCalendar(garden, name: "Garden")
        try client.put("prune roses", uid: "phone-roses", in: garden)
        #expect(try sandbox.run("one", "add", "call plumber", "--list", "Home").status == 0)
        #expect(try sandbox.run("one", "sync").stdout == "Synced: to the server: 1 added.\n", "listed within the hour")
        // An hour later (the state's time of the last listing of the calendar home set back).
        let statePath = sandbox.home.path("one.json.sync.json")
        let state = try String(contentsOfFile: statePath, encoding: .utf8)
        try state.replacingOccurrences(
            of: #""homeListedAt":[0-9]+"#, with: #""homeListedAt":0"#, options: .regularExpression
        )
        .write(toFile: statePath, atomically: true, encoding: .utf8)
        #expect(try sandbox.run("one", "add", "fix tap", "--list", "Home").status == 0)
        let found = try sandbox.run("one", "sync")
        #expect(found.status == 0 && found.stdout.contains("1 new calendar on the server linked"), "\(found.stdout)")
        #expect(try sandbox.run("one", "list", "--list", "Garden").stdout.contains("prune roses"))
        #expect(try sandbox.run("one", "sync").stdout == "In sync; nothing changed.\n")
    }
}
