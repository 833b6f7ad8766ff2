import ArgumentParser
import Foundation
import TodoCore

/// The options every command shares, `--store` and `--config`; the configuration they select,
/// and the context on the store.
///
/// The entry point reads the configuration (`loadConfiguration()`) before a command runs, so
/// that a configuration file that cannot be used stops every command before it starts anything.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store file (default: $TODO_TUI_STORE, else the configuration's store, else "
                + "$XDG_DATA_HOME/todo-tui/todos.json, else ~/.local/share/todo-tui/todos.json).",
            valueName: "path"
        ))
    var store: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: $TODO_TUI_CONFIG, else $XDG_CONFIG_HOME/todo-tui/config.toml, else "
                + "~/.config/todo-tui/config.toml); see todo-tui config.",
            valueName: "path"
        ))
    var config: String?

    /// The configuration `loadConfiguration()` read.
    private var loaded: Configuration?
    /// The store path resolved when the configuration was read (reading the environment and
    /// the home folder once: each costs more than the rest of it).
    private var resolvedStorePath: String?

    /// The configuration in force, `--store` applied; the built-in one until
    /// `loadConfiguration()` reads it.
    var configuration: Configuration { loaded ?? .standard }

    // The loaded configuration and path are not arguments.
    private enum CodingKeys: String, CodingKey {
        case store, config
    }

    /// Reads the configuration in force (`ConfigurationLoader`) and applies `--store` to it.
    /// - Throws: `CLIError.configuration` (exit 78) for a configuration file that cannot be
    ///   used, `.invalidEnvironment` for a variable that cannot be.
    mutating func loadConfiguration() throws(CLIError) {
        let environment = ProcessInfo.processInfo.environment
        let home = NSHomeDirectory()
        var loaded = try ConfigurationLoader.load(configFlag: config, environment: environment, homeDirectory: home)
        if let store, !store.isEmpty {
            loaded.store = store
            loaded.setSource(.flag("--store"), of: "defaults.store")
        }
        self.loaded = loaded
        resolvedStorePath = StoreLocation.resolve(
            explicitPath: loaded.store, environment: environment, homeDirectory: home)
    }

    /// The user's calendar with weeks starting on the configured day: what every command reads
    /// dates and writes days with.
    var calendar: Calendar {
        configuration.calendar(CLIClock.calendar)
    }

    /// The store file: `--store`, else `$TODO_TUI_STORE`, else the configuration file's `store`,
    /// else `$XDG_DATA_HOME/todo-tui/todos.json`, else `~/.local/share/todo-tui/todos.json`.
    var storePath: String {
        resolvedStorePath
            ?? StoreLocation.resolve(
                explicitPath: (store?.isEmpty == false ? store : nil) ?? configuration.store,
                environment: ProcessInfo.processInfo.environment,
                homeDirectory: NSHomeDirectory()
            )
    }

    /// A context on the store, with the wall clock.
    /// - Throws: `CLIError.invalidEnvironment` for a malformed `TODO_TUI_LOCK_TIMEOUT`.
    func makeContext() throws(CLIError) -> TodoContext {
        TodoContext(store: try makeStore(), now: Date.init)
    }

    /// The store, as `makeContext()` opens it.
    /// - Throws: `CLIError.invalidEnvironment` for a malformed `TODO_TUI_LOCK_TIMEOUT`.
    func makeStore() throws(CLIError) -> JSONStore {
        let store = JSONStore(path: storePath, lockTimeout: try Self.lockTimeout())
        // A large store is read into huge pages; a file that is missing or unreadable is left
        // for the store to report.
        var status = stat()
        if stat(storePath, &status) == 0 {
            HeapTuning.prepare(forStoreOfSize: Int(status.st_size))
        }
        return store
    }

    /// How long a save waits for another process's lock: `TODO_TUI_LOCK_TIMEOUT` seconds, else 5.
    static func lockTimeout() throws(CLIError) -> Duration {
        guard let seconds = try EnvironmentSeconds.value(of: "TODO_TUI_LOCK_TIMEOUT", within: 0...3_600) else {
            return .seconds(5)
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// Runs `body` on a fresh context, saves what it changed, and turns model errors into
    /// `CLIError`s the entry point reports.
    ///
    /// A command that saved compacts the store's journal afterwards, so that the store file
    /// alone is complete for other programs after every command (DESIGN §3.2). A compaction
    /// that fails is not reported: the change is durable in the journal already, which stays
    /// valid and is compacted by the next command, the app's quit, or a save past the bound.
    /// - Parameters:
    ///   - mergePolicy: how the save settles another process's change to an item `body` changed
    ///     (irrelevant to a body that only reads).
    ///   - body: reads and changes the context; its result is returned after the save.
    /// - Throws: `CLIError`; `.save(.conflicts)` when the policy is `.error` and another process
    ///   changed the same items meanwhile.
    func withContext<Result>(mergePolicy: MergePolicy = .error, _ body: (TodoContext) throws -> Result) throws -> Result
    {
        let context = try makeContext()
        context.mergePolicy = mergePolicy
        do {
            let result = try body(context)
            let changed = context.hasChanges
            try context.save()
            if changed {
                try? context.store.compact()
            }
            return result
        } catch let error as StoreError {
            throw CLIError.store(error)
        } catch ContextError.store(let error) {
            throw CLIError.store(error)
        } catch let error as SaveError {
            throw CLIError.save(error)
        }
    }
}
