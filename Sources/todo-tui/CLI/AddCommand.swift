import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui add TEXT [--date DATE] [--color COLOR] [--priority P] [--tag T]… [--note TEXT]`:
/// adds an item and prints its id.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a to-do and print its id."
    )

    @Argument(help: "What to do (one line).")
    var text: String

    // Unconditional so that "-2d" is taken as the date, not as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The day and time: \(DateInput.acceptedForms) (default: now).", valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("default, red, green, yellow, blue, magenta, cyan or white.", valueName: "color"))
    var color: String?

    @Option(help: ArgumentHelp("none, low, medium or high (or l, m, h).", valueName: "priority"))
    var priority: String?

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("A tag to add (one word; a leading + or # is dropped); repeatable.", valueName: "tag"))
    var tags: [String] = []

    @Option(
        name: .customLong("note"),
        help: ArgumentHelp(
            "The notes, as typed: a real line break in the value starts a new line (\\n is not special); - reads them "
                + "from standard input.",
            valueName: "text"))
    var note: String?

    @OptionGroup var storeOptions: StoreOptions

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    @OptionGroup var mergeOptions: MergePolicyOption

    func run() throws {
        try root.refuseRootOptions(for: "add", except: ["--merge-policy"])
        let input = try ItemInput(text: text, date: date, color: color, priority: priority, tags: tags, notes: note)
        let item = try storeOptions.withContext(mergePolicy: mergeOptions.policy(or: .error)) { context in
            let added = try context.insert(
                text: input.text ?? text,
                date: input.date ?? CLIClock.now,
                color: input.color ?? .default
            )
            // A day given without a time (`--date tomorrow`) is a whole day.
            let wholeDay = date.map { !DateInput.namesTimeOfDay($0) } ?? false
            if input.changesDetails || wholeDay {
                try context.update(added.id) { item in
                    input.applyDetails(to: &item)
                    item.hasTime = !wholeDay
                }
            }
            return added
        }
        print(IDResolver.displayID(item.id))
    }
}
