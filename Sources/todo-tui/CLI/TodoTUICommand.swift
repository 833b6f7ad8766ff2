import ArgumentParser

/// `todo-tui`: the commands, the interactive list (`open`) the one run without a name.
///
/// Every option belongs to the command that reads it, so the parser refuses an option given to
/// a command that would ignore it. The root reads only `--store`, which every command shares
/// (each declares the same `StoreOptions` and gets the value the root read), so that it may
/// also come before a command's name, as the app gives it to the sync it starts.
struct TodoTUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-tui",
        abstract: "A to-do list for the terminal.",
        discussion:
            "Without a command, runs open: the interactive list, or with --export the list written out (todo-tui "
            + "help open shows --demo, --export, --filter and the rest); options may come before a command's name. "
            + "Ids may be shortened to any unique prefix of at least 4 characters.",
        version: TodoTUIVersion.current,
        subcommands: [
            OpenCommand.self, AddCommand.self, ListCommand.self, EditCommand.self, DoneCommand.self,
            UndoneCommand.self, DeleteCommand.self, MoveCommand.self, ListsCommand.self, ImportCommand.self,
            RemindCommand.self, SyncCommand.self, ConfigCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    @OptionGroup var storeOptions: StoreOptions
}
