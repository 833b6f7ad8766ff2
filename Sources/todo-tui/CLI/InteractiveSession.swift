import Foundation
import TodoCore

/// Opens the terminal, runs the app until it quits, and always restores the terminal.
struct InteractiveSession {
    let context: TodoContext
    /// The keys, look, calendar, order and animations of the list.
    let configuration: Configuration
    /// The live filter the list opens with (`--filter`); empty for the whole list.
    var filter = ""
    /// Where the list's start screen is cached: `cacheDirectory` for the user's store, inside the
    /// demo's temporary folder for `--demo`.
    var cacheDirectory = Self.cacheDirectory
    /// Syncs the list in the background when an account is set up; nil for the demo.
    var backgroundSync: BackgroundSync?
    /// The record of reminders shown, shared with `todo-tui remind`; nil for the demo, which
    /// shows none.
    var alarmRecord: AlarmRecord?
    /// Where the list on view is kept for the next start (`LastListView`): its default folder for
    /// the user's store, inside the demo's temporary folder for `--demo`.
    var stateDirectory = LastListView.defaultFolder
    /// The list to open on (`--list NAME`); nil: the one kept at the last quit.
    var listName: String?

    /// Compacts the store's journal after the app quits, so that the store file alone is
    /// complete for other programs between sessions (DESIGN §3.2), then keeps the screen the next
    /// start opens with (`StartScreenCache`). A compaction that fails is not reported: every
    /// save is durable in the journal already, which stays valid and is compacted by the next
    /// quit, command or save past the bound.
    /// - Throws: `CLIError` when the terminal cannot be opened or the store read.
    func run() throws {
        let view = try openingView()
        let startScreen = NcursesTerminal.standardOutputSize.flatMap { cachedStartScreen(size: $0, view: view) }
        if startScreen == nil {
            // Read the store before the screen switches, so a bad store is reported plainly. A
            // kept start screen says the store is as it was when last read whole and drawn.
            do {
                _ = try context.count(for: FetchRequest())
            } catch {
                // count(for:) throws StoreError only (typed); an `as StoreError` catch here
                // crashes Swift 6.3.1's release compiler.
                throw CLIError.store(error)
            }
        }
        let (size, lastView) = try runApp(showing: startScreen, view: view)
        if let path = viewPath {
            LastListView.write(lastView, to: path)
        }
        try? context.store.compact()
        keepStartScreen(size: size, view: lastView)
    }

    /// The file of the list on view for this store; nil for a store that is no file.
    private var viewPath: String? {
        (context.store as? JSONStore).map { LastListView.path(forStore: $0.path, in: stateDirectory) }
    }

    /// The list the app opens on: the one `--list` names, else the one kept at the last quit
    /// (nil: All lists).
    /// - Throws: `CLIError.usage` for a name that is no list's, naming the lists.
    private func openingView() throws(CLIError) -> UUID? {
        guard let listName else { return viewPath.flatMap(LastListView.read(from:)) }
        let lists: [TodoList]
        do {
            lists = try context.lists()
        } catch {
            throw .store(error)
        }
        return try ListOption.list(named: listName, in: lists).id
    }

    /// Runs the app until it quits; the terminal is restored before this returns.
    /// - Parameter startScreen: shown while the store is read, when ncurses took its size; the
    ///   app's first frame is the same screen.
    /// - Parameter view: the list to open on (nil: All lists).
    /// - Returns: the terminal's size and the list on view (nil: All lists) when the app quit.
    private func runApp(showing startScreen: Screen?, view: UUID?) throws -> (TerminalSize, UUID?) {
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal()
        } catch {
            throw CLIError.terminal(error)
        }
        defer { terminal.shutdown() }
        if let startScreen, startScreen.size == terminal.size {
            terminal.present(startScreen)
        }
        let app: TodoApp
        do {
            app = try TodoApp(
                context: context, calendar: calendar, now: CLIClock.now, size: terminal.size,
                animations: configuration.animations, configuration: configuration)
        } catch let error as StoreError {
            throw CLIError.store(error)
        }
        // The list opens on its view and filter: nothing to animate from.
        app.table.animationsEnabled = false
        if let view {
            app.view(list: view)
        }
        if !filter.isEmpty {
            app.applyFilter(filter)
        }
        app.table.animationsEnabled = configuration.animations
        AppRunLoop(
            terminal: terminal, app: app, clock: { CLIClock.now }, sync: backgroundSync,
            alarmRecord: alarmRecord
        ).run()
        return (terminal.size, app.viewedListID)
    }

    /// The cached screen a list without a filter opens with on this store, day and size, if one
    /// was kept for exactly them.
    private func cachedStartScreen(size: TerminalSize, view: UUID?) -> Screen? {
        guard filter.isEmpty, let store = context.store as? JSONStore,
            let key = StartScreenCache.Key.opening(
                store, now: CLIClock.now, calendar: calendar, size: size, configuration: configuration, view: view)
        else { return nil }
        return StartScreenCache.read(from: StartScreenCache.path(forStore: store.path, in: cacheDirectory), key: key)
    }

    /// Draws the screen a fresh start would open with — the list as the store now holds it,
    /// today, at `size` — and keeps it for the next start. Kept only when the context holds
    /// exactly what the store does (no unsaved change, no other writer's save since its last
    /// merge) and the store did not change meanwhile; otherwise any kept screen is removed.
    /// - Parameter view: the list the next start opens on (nil: All lists).
    func keepStartScreen(size: TerminalSize, view: UUID? = nil) {
        guard let store = context.store as? JSONStore else { return }
        let path = StartScreenCache.path(forStore: store.path, in: cacheDirectory)
        // Earlier versions kept the sorted list here, which made starting slower, not faster.
        try? FetchedResultsController.deleteCache(
            named: StartScreenCache.name(forStore: store.path), in: cacheDirectory)
        let now = CLIClock.now
        guard !context.hasChanges,
            let key = StartScreenCache.Key.opening(
                store, now: now, calendar: calendar, size: size, configuration: configuration, view: view),
            key.stamp.generation == context.storeGeneration,
            let app = try? TodoApp(
                context: context, calendar: calendar, now: now, size: size, animations: false,
                configuration: configuration)
        else {
            DurableFile.remove(path)
            return
        }
        if let view {
            app.view(list: view)
        }
        var screen = Screen(size: size)
        app.render(into: &screen)
        guard (try? store.stamp()) == key.stamp, (try? StartScreenCache.write(screen, key: key, to: path)) != nil else {
            DurableFile.remove(path)
            return
        }
    }

    /// The user's calendar, weeks starting on the configured day.
    private var calendar: Calendar {
        configuration.calendar(CLIClock.calendar)
    }

    /// `$XDG_CACHE_HOME/todo-tui`, else `~/.cache/todo-tui` (DESIGN §3.5).
    static var cacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return cache + "/todo-tui"
        }
        return NSHomeDirectory() + "/.cache/todo-tui"
    }
}
