import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui add TEXT [--date DATE] [--color COLOR]`: adds an item and prints its id.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a to-do and print its id."
    )

    @Argument(help: "What to do (one line).")
    var text: String

    // Unconditional so that "-2d" is taken as the date, not as an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("The day and time: \(DateInput.acceptedForms) (default: now).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("default, red, green, yellow, blue, magenta, cyan or white.", valueName: "color"))
    var color: String?

    @OptionGroup var storeOptions: StoreOptions

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    @OptionGroup var mergeOptions: MergePolicyOption

    func run() throws {
        try root.refuseRootOptions(for: "add", except: ["--merge-policy"])
        let input = try ItemInput(text: text, date: date, color: color)
        let item = try storeOptions.withContext(mergePolicy: mergeOptions.policy(or: .error)) { context in
            try context.insert(
                text: input.text ?? text,
                date: input.date ?? CLIClock.now,
                color: input.color ?? .default
            )
        }
        print(IDResolver.displayID(item.id))
    }
}
