import Foundation
import TodoTestSupport

/// A home folder for `todo-tui sync` runs against a test server: the account file goes to its
/// `config`, the password comes from `TODO_TUI_PASSWORD`, each store is a file in it.
struct SyncSandbox {
    let home: TemporaryDirectory
    let server: CalDAVTestServer
    let runner: CommandRunner

    /// - Parameter executable: the `todo-tui` to run (the debug build unless given).
    init(server: CalDAVTestServer, executable: String? = nil) throws {
        home = try TemporaryDirectory()
        self.server = server
        var runner = CommandRunner.todoTUI(home: home.url)
        if let executable { runner.executable = executable }
        runner.environment["XDG_CONFIG_HOME"] = home.path("config")
        runner.environment["TODO_TUI_PASSWORD"] = server.password
        self.runner = runner
    }

    /// `sync setup` of the server's account with a new to-do calendar `name`.
    /// - Throws: `CalDAVTestServer.Failure` with the command's error when it fails.
    func setUpAccount(creating name: String) throws {
        let setup = try run([
            "sync", "setup", server.rootURL.absoluteString, "--user", server.user, "--create", name,
        ])
        guard setup.status == 0 else { throw CalDAVTestServer.Failure(description: "sync setup: \(setup.stderr)") }
    }

    /// `todo-tui --store <home>/<store>.json ARGS`.
    func run(_ store: String, _ arguments: String...) throws -> CommandRunner.Result {
        try runner.run(["--store", home.path(store + ".json")] + arguments)
    }

    /// `todo-tui ARGS`.
    func run(_ arguments: [String]) throws -> CommandRunner.Result {
        try runner.run(arguments)
    }

    /// The ids and texts of a store's items (`list --json`).
    func items(_ store: String) throws -> [String: String] {
        let result = try run(store, "list", "--json")
        guard let data = result.stdout.data(using: .utf8),
            let array = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [:] }
        var items: [String: String] = [:]
        for entry in array {
            if let id = entry["id"] as? String, let text = entry["text"] as? String { items[id.lowercased()] = text }
        }
        return items
    }
}
