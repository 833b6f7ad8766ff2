import Foundation
import Testing
import TodoCore

/// Write commands say what they did, and `list` says when nothing matched (issue 12.7).
@Suite("CLI reports")
struct CLIReportTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    /// Stores an item whose text `add` would refuse (another program may write such text).
    func storeHostileItem() throws -> String {
        let id = UUID()
        let now = Date()
        let item = TodoItem(
            id: id, text: "Red \u{1B}[31malert", date: now, color: .default, isDone: false, createdAt: now,
            modifiedAt: now, version: 1)
        try JSONStore(path: store).modify { $0 = StoreContents(generation: 1, items: [item]) }
        return id.uuidString.lowercased()
    }

    @Test("done, undone, edit and delete name the item they changed on stdout")
    func writeCommandsReport() throws {
        let id = try sandbox.add("Buy milk")
        let prefix = String(id.prefix(6))
        let done = try cli.run("done", prefix, "--store", store)
        #expect(done.status == 0)
        #expect(done.stdout == "Completed 'Buy milk'\n")
        #expect(try cli.run("undone", prefix, "--store", store).stdout == "Reopened 'Buy milk'\n")
        #expect(try cli.run("edit", prefix, "Buy oat milk", "--store", store).stdout == "Changed 'Buy oat milk'\n")
        // The same edit again changes nothing, saves nothing and says so.
        let generation = try JSONStore(path: store).currentGeneration()
        let again = try cli.run("edit", prefix, "Buy oat milk", "--store", store)
        #expect(again.status == 0 && again.stdout == "Unchanged 'Buy oat milk': it already is as given.\n")
        #expect(try JSONStore(path: store).currentGeneration() == generation)
        let deleted = try cli.run("delete", prefix, "--store", store)
        #expect(deleted.stdout == "Deleted 'Buy oat milk'\n")
        #expect(deleted.stderr.isEmpty)
    }

    @Test("a pipe gets the item's text unchanged")
    func pipeGetsRawText() throws {
        let id = try storeHostileItem()
        #expect(try cli.run("done", id, "--store", store).stdout == "Completed 'Red \u{1B}[31malert'\n")
    }

    @Test("list with no match says so on stderr, exit 0, stdout empty")
    func listNoMatch() throws {
        let empty = try cli.run("list", "--store", store)
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr == "No to-dos yet.\n")
        _ = try sandbox.add("Buy milk")
        let none = try cli.run("list", "--filter", "bread", "--store", store)
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "No to-dos match 'bread'.\n")
        #expect(try cli.run("list", "--filter", "milk", "--store", store).stderr.isEmpty)
    }

    @Test(
        "on a terminal the item's text is shown inert, by the screen's rule",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func terminalGetsInertText() throws {
        let id = try storeHostileItem()
        let session = try TmuxSession(
            command: TmuxSession.todoTUICommand(["done", id, "--store", store], home: home),
            columns: 80, rows: 10, scratch: home.url.path
        )
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane { $0.contains { $0.hasPrefix("EXITED:") } }
        try #require(matched, "the pane shows:\n\(lines.joined(separator: "\n"))")
        #expect(lines.contains("Completed 'Red ␛[31malert'"), "the pane shows:\n\(lines.joined(separator: "\n"))")
        #expect(lines.contains("EXITED:0"))
    }
}
