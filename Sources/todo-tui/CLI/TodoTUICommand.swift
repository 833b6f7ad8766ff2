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

    @OptionGroup var mergeOptions: MergePolicyOption

    @Flag(help: "Open a temporary copy of the sample list, to try every key safely.")
    var demo = false

    @Flag(help: "Show changes at once, without animations (also TODO_TUI_NO_ANIMATION=1).")
    var noAnimation = false

    func run() throws {
        let policy = try mergeOptions.policy(or: .mergeByPropertyObjectTrump)
        if exportOptions.export != nil {
            return try exportOptions.run(storeOptions: storeOptions)
        }
        guard NcursesTerminal.isInteractive else { throw CLIError.notATerminal }
        let context = try demo ? demoContext() : storeOptions.makeContext()
        context.mergePolicy = policy
        // Read the store before the screen switches, so a bad store is reported plainly.
        do {
            _ = try context.count(for: FetchRequest())
        } catch {
            throw CLIError.store(error)
        }
        try InteractiveSession(context: context, animations: animationsWanted).run()
    }

    private var animationsWanted: Bool {
        !noAnimation && ProcessInfo.processInfo.environment["TODO_TUI_NO_ANIMATION"].map { $0.isEmpty || $0 == "0" } ?? true
    }

    private func demoContext() throws -> TodoContext {
        do {
            let path = try DemoStore.makeCopy(now: CLIClock.now, calendar: CLIClock.calendar)
            return TodoContext(store: JSONStore(path: path, lockTimeout: try StoreOptions.lockTimeout()), now: Date.init)
        } catch let error as StoreError {
            throw CLIError.store(error)
        }
    }
}
