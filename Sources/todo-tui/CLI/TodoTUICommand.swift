import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui`: the interactive list without a subcommand, else a scripting command.
struct TodoTUICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo-tui",
        abstract: "A to-do list for the terminal.",
        discussion: "Without a subcommand, opens the interactive list. Ids may be shortened to any unique prefix of at least 4 characters.",
        subcommands: [AddCommand.self, ListCommand.self, EditCommand.self, DoneCommand.self, UndoneCommand.self, DeleteCommand.self, ImportCommand.self]
    )

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var exportOptions: ExportOptions

    func run() throws {
        if exportOptions.export != nil {
            return try exportOptions.run(storeOptions: storeOptions)
        }
        guard NcursesTerminal.isInteractive else { throw CLIError.notATerminal }
        throw CLIError.interactiveUnavailable
    }
}
