import Foundation
import Testing
import TodoCore
import TodoSyncModel
import TodoTestSupport

@testable import todo_tui

/// What a key asks the run loop to do (`AppEffect`), and how the app takes the outcomes it is
/// told (`SyncEvent`, a failed save): decided without any I/O, asserted without spawning
/// anything or touching a file.
@Suite("TodoApp effects")
struct TodoAppEffectTests {
    static let start = Date(timeIntervalSince1970: 1_763_640_000)  // 2026-11-20 12:00 UTC

    let store = InMemoryStore()
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    /// An app on the store, holding `texts` dated today; the selection is on the first.
    func makeApp(_ texts: [String] = ["Water the plants"]) throws -> TodoApp {
        let seed = TodoContext(store: store, now: { Self.start })
        for (offset, text) in texts.enumerated() {
            try seed.insert(text: text, date: Self.start + TimeInterval(offset))
        }
        try seed.save()
        return try TodoApp(
            context: TodoContext(store: store, now: { Self.start }), calendar: calendar, now: Self.start,
            size: TerminalSize(rows: 12, columns: 80), animations: false)
    }

    /// The effects of each key in turn, the last key's last.
    func effects(of keys: [Key], in app: TodoApp) -> [[AppEffect]] {
        keys.map { app.handle(.key($0)) }
    }

    @Test(
        "a key that changes the list asks for a save and writes nothing itself",
        arguments: ["x", "Space", "d", "Delete", "c", "p"])
    func changeAsksForSave(key: String) throws {
        let app = try makeApp()
        let before = store.contents
        #expect(effects(of: Key.sequence(key), in: app) == [[.save]])
        #expect(store.contents == before, "the store is as it was")
        #expect(app.context.hasChanges)
    }

    @Test("typing a new to-do asks for nothing until Enter, which asks for one save")
    func addAsksForSaveAtEnter() throws {
        let app = try makeApp()
        let asked = effects(of: Key.sequence("a") + Key.typing("Buy milk") + [.enter], in: app)
        #expect(asked.dropLast().allSatisfy { $0.isEmpty })
        #expect(asked.last == [.save])
        #expect(store.contents.items.count == 1)
    }

    @Test("moving, filtering, ordering and help ask for nothing", arguments: ["j", "k", "g", "G", "o", "?", "/"])
    func navigationAsksForNothing(key: String) throws {
        let app = try makeApp(["One", "Two", "Three"])
        #expect(effects(of: Key.sequence(key), in: app) == [[]])
    }

    @Test("undo and redo ask for a save; with nothing to undo, for nothing")
    func undoRedo() throws {
        let app = try makeApp()
        #expect(effects(of: Key.sequence("u"), in: app) == [[]])
        #expect(effects(of: Key.sequence("x u C-r U"), in: app) == [[.save], [.save], [.save], []])
    }

    @Test("q and Ctrl-C ask to quit")
    func quit() throws {
        let app = try makeApp()
        #expect(effects(of: Key.sequence("q C-c"), in: app) == [[.quit], [.quit]])
    }

    @Test("W then Enter asks for a copy at the suggested path, with ~ expanded; nothing is written")
    func copy() throws {
        let app = try makeApp()
        let suggested = app.suggestedCopyPath
        #expect(effects(of: Key.sequence("W Enter"), in: app) == [[], [.writeCopy(suggested)]])
        #expect(
            effects(of: Key.sequence("W") + Key.typing("~/copy.json") + [.enter], in: app).last == [
                .writeCopy(NSHomeDirectory() + "/copy.json")
            ])
    }

    @Test("S asks for a sync only where the list syncs and none runs")
    func syncKey() throws {
        let app = try makeApp()
        #expect(app.handle(.key(.character("S"))) == [])
        #expect(app.status?.text == "Sync is off here (the demo never syncs).")
        app.handle(SyncEvent.available)
        #expect(app.handle(.key(.character("S"))) == [.startSync(nil)])
        #expect(app.status?.text == "Syncing…")
        app.handle(SyncEvent.started(requested: true))
        #expect(app.handle(.key(.character("S"))) == [])
        #expect(app.status?.text == "A sync is already under way.")
    }

    /// The title bar's first line.
    func title(of app: TodoApp) -> String {
        var screen = Screen(rows: 12, columns: 80)
        app.render(into: &screen)
        return screen.lines[0]
    }

    @Test("the sync's reports reach the title and the status line")
    func syncReports() throws {
        let app = try makeApp()
        app.handle(SyncEvent.available)
        #expect(!title(of: app).contains("sync"))
        app.handle(SyncEvent.started(requested: false))
        #expect(title(of: app).contains("syncing…"))
        let at = Self.start + 60
        app.handle(SyncEvent.finished(BackgroundSync.Outcome(finishedAt: at, succeeded: true, message: "In sync.")))
        #expect(title(of: app).contains("synced 12:01"))
        #expect(app.status == nil, "a run nobody asked for ends quietly")

        app.handle(SyncEvent.started(requested: true))
        app.handle(SyncEvent.finished(BackgroundSync.Outcome(finishedAt: at, succeeded: true, message: "Synced.")))
        #expect(app.status?.text == "Synced. (12:01)")

        app.handle(SyncEvent.started(requested: false))
        app.handle(
            SyncEvent.finished(BackgroundSync.Outcome(finishedAt: at, succeeded: false, message: "Could not reach it."))
        )
        #expect(app.status == .error("Sync failed at 12:01: Could not reach it."))
        #expect(title(of: app).contains("sync failed 12:01"))

        app.handle(SyncEvent.couldNotStart("No sync account is set up."))
        #expect(app.status == .error("No sync account is set up."))
    }

    /// The app after a sync reported a conflict on its one item: the server's copy has notes.
    func appWithSyncConflict() throws -> TodoApp {
        let app = try makeApp()
        app.handle(SyncEvent.available)
        let mine = try #require(app.selectedItem)
        var theirs = mine
        theirs.notes = "from the phone"
        let resource = ICalendarFormat.objectResource(for: theirs, now: Self.start, calendar: calendar)
        app.handle(SyncEvent.started(requested: false))
        app.handle(
            SyncEvent.finished(
                BackgroundSync.Outcome(
                    finishedAt: Self.start, succeeded: true, message: "In sync.",
                    waiting: [WaitingConflict(id: mine.id, theirs: String(decoding: resource, as: UTF8.self))])))
        return app
    }

    @Test(
        "a sync's conflict opens the box; the choice asks for a sync with its policy, keep both for a save first",
        arguments: [("m", MergePolicy.overwrite), ("t", .rollback), ("b", .rollback)])
    func syncConflictChoice(key: String, policy: MergePolicy) throws {
        let app = try appWithSyncConflict()
        guard case .resolving(let conflicts) = app.mode else {
            Issue.record("no conflict box: \(String(describing: app.status))")
            return
        }
        #expect(conflicts.first?.stored?.notes == "from the phone")
        #expect(app.handle(.key(.character("q"))) == [], "quitting waits for the choice")
        let asked = app.handle(.key(.character(Character(key))))
        #expect(asked == (key == "b" ? [.save, .startSync(policy)] : [.startSync(policy)]))
        #expect(app.mode == .browse)
        #expect(app.status?.text.hasSuffix(" Syncing…") == true)
    }
}

/// The run loop's effect performer, on outcomes that need no process: a save that fails ends
/// the effects after it, and a sync without an account is refused before anything starts.
@Suite("AppEffectPerformer")
struct AppEffectPerformerTests {
    @Test("a failed save is shown and the sync asked for after it does not start")
    func failedSaveEndsTheEffects() throws {
        let folder = try TemporaryDirectory()
        let store = TodoAppQuitTests.FlakyStore()
        let app = try TodoApp(
            context: TodoContext(store: store, now: { TodoAppEffectTests.start }),
            calendar: Calendar(identifier: .gregorian), now: TodoAppEffectTests.start,
            size: TerminalSize(rows: 12, columns: 80), animations: false)
        // No account file: start refuses with a sentence, spawning nothing.
        let sync = BackgroundSync(
            executable: "/nonexistent/todo-tui", storePath: folder.path("todos.json"),
            policy: .mergeByPropertyObjectTrump,
            interval: nil, accountPath: folder.path("sync-account.json"))
        let performer = AppEffectPerformer(app: app, sync: sync)
        try app.context.insert(text: "Keep me", date: TodoAppEffectTests.start)
        store.failsWrites = true
        #expect(performer.perform([.save, .startSync(nil)]) == false)
        #expect(app.status?.text.hasPrefix("Not saved:") == true, "\(String(describing: app.status))")
        #expect(!sync.isRunning)

        store.failsWrites = false
        #expect(performer.perform([.save, .startSync(nil)]) == false)
        #expect(store.inner.contents.items.map(\.text) == ["Keep me"])
        #expect(app.status?.text.hasPrefix("No sync account is set up") == true, "\(String(describing: app.status))")
        #expect(performer.perform([.quit]))
    }
}
