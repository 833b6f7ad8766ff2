import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// Under the `error` policy a sync decides nothing for an item both sides changed; the open app
/// shows the mine/theirs box, and the choice is carried out by a sync with `overwrite` or
/// `rollback` (a real child `todo-tui sync` against a real Radicale).
@Suite("The app's mine/theirs box for a sync conflict", .serialized)
struct SyncConflictBoxTests {
    /// Polls the app's background sync until a run has ended and nothing runs.
    private func waitForSync(_ app: TodoApp, _ effects: AppEffectPerformer) throws {
        for _ in 0..<400 {
            app.tick(now: Date())
            effects.pollSync()
            if effects.sync?.isRunning == false { return }
            usleep(50_000)
        }
        throw CalDAVTestServer.Failure(description: "the background sync did not end")
    }

    @Test("the box shows both values; t takes the server's, m keeps the list's, and both sides agree")
    func conflictBox() throws {
        for (key, expected) in [("t", TodoPriority.none), ("m", .high)] {
            let server = try CalDAVTestServer(.radicale)
            defer { server.stop() }
            let sandbox = try SyncSandbox(server: server)
            try sandbox.setUpAccount(creating: "T")
            _ = try sandbox.run("a", "add", "shared", "--date", "today")
            _ = try sandbox.run("a", "sync")
            _ = try sandbox.run("b", "sync")
            let id = try #require(sandbox.items("a").keys.first)
            _ = try sandbox.run("a", "edit", id, "--priority", "high")
            _ = try sandbox.run("b", "edit", id, "--note", "from the phone")
            #expect(try sandbox.run("b", "sync").status == 0)

            let context = TodoContext(store: JSONStore(path: sandbox.home.path("a.json")), now: Date.init)
            context.mergePolicy = .error
            let app = try TodoApp(
                context: context, calendar: Calendar(identifier: .gregorian), now: Date(),
                size: TerminalSize(rows: 20, columns: 100), animations: false)
            let effects = AppEffectPerformer(
                app: app,
                sync: BackgroundSync(
                    executable: CommandRunner.executable("todo-tui"), storePath: sandbox.home.path("a.json"),
                    policy: .error, interval: nil,
                    accountPath: sandbox.home.path("config/todo-tui/sync-account.json"),
                    environment: sandbox.runner.environment.map { "\($0.key)=\($0.value)" }))
            _ = effects.perform(app.handle(.key(.character("S"))))
            try waitForSync(app, effects)
            guard case .resolving(let conflicts) = app.mode else {
                Issue.record("no conflict box; the status line says \(String(describing: app.status))")
                return
            }
            #expect(conflicts.count == 1)
            #expect(conflicts.first?.inMemory?.priority == .high)
            #expect(conflicts.first?.stored?.notes == "from the phone")

            _ = effects.perform(app.handle(.key(.character(Character(key)))))
            #expect(app.mode == .browse)
            try waitForSync(app, effects)
            #expect(try sandbox.run("b", "sync").status == 0)
            let a = try #require(
                try TodoContext(store: JSONStore(path: sandbox.home.path("a.json")), now: Date.init)
                    .fetch(FetchRequest()).first)
            let b = try #require(
                try TodoContext(store: JSONStore(path: sandbox.home.path("b.json")), now: Date.init)
                    .fetch(FetchRequest()).first)
            #expect(a.priority == expected, "\(key)")
            #expect(a.notes == (key == "t" ? "from the phone" : ""), "\(key)")
            #expect(a.hasSameContent(as: b) || (a.priority == b.priority && a.notes == b.notes), "both sides agree")
        }
    }
}
