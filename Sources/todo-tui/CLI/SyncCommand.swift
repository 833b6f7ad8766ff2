import ArgumentParser

/// `todo-tui sync`: two-way sync with a CalDAV server; `todo-tui sync setup` first.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the list with a CalDAV server (Radicale, Nextcloud, Xandikos, …).",
        subcommands: [SyncRunCommand.self, SyncSetupCommand.self],
        defaultSubcommand: SyncRunCommand.self
    )
}
