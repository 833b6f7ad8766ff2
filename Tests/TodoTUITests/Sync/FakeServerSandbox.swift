import Foundation
import TodoTestSupport

/// A home folder for `todo-tui sync` against a `FakeCalDAVServer`, beside a second listener
/// playing another origin, which must never receive a request.
struct FakeServerSandbox {
    let home: TemporaryDirectory
    let server: FakeCalDAVServer
    let otherOrigin: FakeHTTPServer
    var runner: CommandRunner

    init() throws {
        home = try TemporaryDirectory()
        server = try FakeCalDAVServer()
        otherOrigin = try FakeHTTPServer(name: "other origin") { _ in .init(status: 404) }
        runner = CommandRunner.todoTUI(home: home.url)
        runner.environment["XDG_CONFIG_HOME"] = home.path("config")
        runner.environment["TODO_TUI_PASSWORD"] = FakeCalDAVServer.password
    }

    /// The account file's path.
    var accountPath: String { home.path("config/todo-tui/sync-account.json") }

    /// Writes the account `sync setup` would have stored for the fake server's collection.
    func writeAccount() throws {
        try FileManager.default.createDirectory(
            atPath: home.path("config/todo-tui"), withIntermediateDirectories: true)
        let account = """
            {"server": "\(server.rootURL.absoluteString)", "user": "\(FakeCalDAVServer.user)", \
            "collection": "\(server.collectionURL.absoluteString)", "allowInsecure": false}
            """
        try account.write(toFile: accountPath, atomically: true, encoding: .utf8)
    }

    /// The store file of `store`.
    func storePath(_ store: String) -> String {
        home.path(store + ".json")
    }

    /// `todo-tui --store <home>/<store>.json ARGS`.
    func run(_ store: String, _ arguments: String...) throws -> CommandRunner.Result {
        try runner.run(["--store", storePath(store)] + arguments)
    }

    /// `todo-tui ARGS`.
    func run(_ arguments: [String]) throws -> CommandRunner.Result {
        try runner.run(arguments)
    }

    /// The store's items as `list --json` gives them, by text.
    func items(_ store: String) throws -> [String: [String: Any]] {
        let result = try run(store, "list", "--json")
        guard let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        else { return [:] }
        var items: [String: [String: Any]] = [:]
        for entry in array {
            if let text = entry["text"] as? String { items[text] = entry }
        }
        return items
    }

    /// The requests the fake server got that went outside its collection or to another origin:
    /// what a sync must never send.
    var strayRequests: [String] {
        otherOrigin.log.map { "other origin: \($0)" }
            + server.log.filter { line in
                let target = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
                return !["/", "/.well-known/caldav", "/principal/", "/home/"].contains(target)
                    && !target.hasPrefix(FakeCalDAVServer.collectionPath)
            }
    }
}
