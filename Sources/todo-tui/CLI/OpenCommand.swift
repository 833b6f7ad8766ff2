import ArgumentParser
import Foundation
import TodoCore
import TodoSyncModel

/// `todo-tui [open]`: the interactive list, the command a bare `todo-tui` runs; with `--export`,
/// the list written in a format instead, without touching the terminal.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the interactive list; with --export, write the list and exit.",
        discussion:
            "todo-tui [--store PATH] [--filter EXPR] [--merge-policy P] [--no-animation] opens the list; "
            + "todo-tui --demo opens a temporary copy of the sample; todo-tui --export FORMAT [--output PATH] "
            + "[--filter EXPR] writes the list."
    )

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var exportOptions: ExportOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    @Flag(help: "Open a temporary copy of the sample list, to try every key safely.")
    var demo = false

    @Flag(help: "Show changes at once, without animations (also TODO_TUI_NO_ANIMATION=1, or animations = false).")
    var noAnimation = false

    func run() throws {
        // A bad policy is named first, whatever it is combined with.
        let configuration = try options(appliedTo: storeOptions.configuration)
        let policy = configuration.mergePolicy
        try refuseMeaninglessCombinations()
        if exportOptions.export != nil {
            return try exportOptions.run(storeOptions: storeOptions)
        }
        // A bad filter is said before the terminal is needed or the screen switches; a list name
        // is checked by the app, which reads the store's lists.
        do {
            _ = try FilterOption.predicate(exportOptions.filter, calendar: storeOptions.calendar)
        } catch {
            guard case .invalidFilter(let filterError) = error, case .unknownList = filterError.reason else {
                throw error
            }
        }
        guard NcursesTerminal.isInteractive else { throw CLIError.notATerminal }
        if demo {
            // The demo leaves nothing behind: its store and cache go with the folder, which is
            // removed however the session ends (quit, error, or a signal such as a hang-up).
            let folder = try demoFolder()
            defer { DemoStore.removeFolder(folder) }
            DemoFolderGuard.install(for: folder)
            let context = TodoContext(
                store: JSONStore(path: DemoStore.storePath(in: folder), lockTimeout: try StoreOptions.lockTimeout()),
                now: Date.init)
            try runSession(
                context: context, configuration: configuration, cacheDirectory: DemoStore.cacheDirectory(in: folder),
                stateDirectory: DemoStore.cacheDirectory(in: folder))
        } else {
            // Seconds between background syncs (`sync-interval`, `TODO_TUI_SYNC_INTERVAL`); 0 = only on `S`.
            let interval = configuration.syncInterval
            let sync = BackgroundSync(
                executable: BackgroundSync.currentExecutable, storePath: storeOptions.storePath, policy: policy,
                interval: interval == 0 ? nil : interval, accountPath: SyncAccount.defaultPath,
                lockTimeout: try StoreOptions.lockTimeout(), timeouts: try SyncTimeouts.fromEnvironment())
            let context = try storeOptions.makeContext()
            // The calendars the last sync found read-only: their lists refuse edits.
            context.readOnlyLists = SyncStateFile(storePath: storeOptions.storePath).readOnlyLists()
            try runSession(
                context: context, configuration: configuration, cacheDirectory: InteractiveSession.cacheDirectory,
                sync: sync, alarmRecord: .user)
        }
    }

    /// `configuration` with this command's `--merge-policy` and `--no-animation`, which win over
    /// the file and the environment.
    /// - Throws: `CLIError.usage` for an unknown policy.
    func options(appliedTo configuration: Configuration) throws(CLIError) -> Configuration {
        try configuration.applyingListOptions(mergeOptions, noAnimation: noAnimation)
    }

    private func runSession(
        context: TodoContext, configuration: Configuration, cacheDirectory: String, sync: BackgroundSync? = nil,
        alarmRecord: AlarmRecord? = nil, stateDirectory: String = LastListView.defaultFolder
    ) throws {
        context.mergePolicy = configuration.mergePolicy
        try InteractiveSession(
            context: context, configuration: configuration, filter: exportOptions.filter ?? "",
            cacheDirectory: cacheDirectory, backgroundSync: sync, alarmRecord: alarmRecord,
            stateDirectory: stateDirectory, listName: exportOptions.list
        ).run()
    }

    /// Refuses options that would be silently ignored by the interactive list or the export:
    /// `--output` without `--export`, `--export` with an interactive-only option, and `--demo`
    /// with `--store` (the demo never opens the store).
    /// - Throws: `CLIError.usage` naming the first such option.
    private func refuseMeaninglessCombinations() throws(CLIError) {
        if exportOptions.export == nil, exportOptions.output != nil {
            throw .usage("--output applies only with --export; see todo-tui --help.")
        }
        if exportOptions.export != nil {
            let interactiveOnly: [(name: String, isGiven: Bool)] = [
                ("--demo", demo), ("--no-animation", noAnimation), ("--merge-policy", mergeOptions.mergePolicy != nil),
            ]
            if let option = interactiveOnly.first(where: \.isGiven) {
                throw .usage("\(option.name) does not apply to --export, which only reads; see todo-tui --help.")
            }
        }
        if demo, storeOptions.store != nil {
            throw .usage("--demo opens a temporary copy of the sample, not --store; give one of them.")
        }
    }

    private func demoFolder() throws -> URL {
        do {
            return try DemoStore.makeFolder(now: CLIClock.now, calendar: storeOptions.calendar)
        } catch let error as StoreError {
            throw CLIError.store(error)
        }
    }
}
