import Foundation
import TodoCore

/// Opens the terminal, runs the app until it quits, and always restores the terminal.
struct InteractiveSession {
    let context: TodoContext
    let animations: Bool
    /// The live filter the list opens with (`--filter`); empty for the whole list.
    var filter = ""
    /// Where the list's cache lives: `cacheDirectory` for the user's store, inside the demo's
    /// temporary folder for `--demo`.
    var cacheDirectory = Self.cacheDirectory
    /// Syncs the list in the background when an account is set up; nil for the demo.
    var backgroundSync: BackgroundSync?

    /// Compacts the store's journal after the app quits, so that the store file alone is
    /// complete for other programs between sessions (DESIGN §3.2). A compaction that fails is
    /// not reported: every save is durable in the journal already, which stays valid and is
    /// compacted by the next quit, command or save past the bound.
    /// - Throws: `CLIError` when the terminal cannot be opened or the store read.
    func run() throws {
        try runApp()
        try? context.store.compact()
    }

    /// Runs the app until it quits; the terminal is restored before this returns.
    private func runApp() throws {
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal()
        } catch {
            throw CLIError.terminal(error)
        }
        defer { terminal.shutdown() }
        let app: TodoApp
        do {
            app = try TodoApp(
                context: context,
                calendar: CLIClock.calendar,
                now: CLIClock.now,
                size: terminal.size,
                cacheName: Self.cacheName(for: context.store),
                cacheDirectory: cacheDirectory,
                animations: animations
            )
        } catch let error as StoreError {
            throw CLIError.store(error)
        }
        if !filter.isEmpty {
            // The list opens filtered: nothing to animate from.
            app.table.animationsEnabled = false
            app.applyFilter(filter)
            app.table.animationsEnabled = animations
        }
        app.backgroundSync = backgroundSync
        AppRunLoop(terminal: terminal, app: app, clock: { CLIClock.now }).run()
    }

    /// One cache per store file (`list-<FNV-1a of the path>`), so lists of different stores
    /// never evict each other.
    static func cacheName(for store: any TodoStore) -> String {
        let path = (store as? JSONStore)?.path ?? ""
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return "list-" + String(hash, radix: 16)
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
