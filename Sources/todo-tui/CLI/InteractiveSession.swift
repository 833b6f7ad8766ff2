import Foundation
import TodoCore

/// Opens the terminal, runs the app until it quits, and always restores the terminal.
struct InteractiveSession {
    let context: TodoContext
    let animations: Bool

    /// - Throws: `CLIError` when the terminal cannot be opened or the store read.
    func run() throws {
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
                cacheName: "list",
                cacheDirectory: Self.cacheDirectory,
                animations: animations
            )
        } catch let error as StoreError {
            throw CLIError.store(error)
        }
        AppRunLoop(terminal: terminal, app: app, clock: { CLIClock.now }).run()
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
