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

    @OptionGroup var fields: ItemFieldOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    func run() throws {
        let input = try fields.input(text: text, calendar: storeOptions.calendar)
        let date = fields.date
        let policy = try mergeOptions.policy(or: storeOptions.configuration.commandMergePolicy)
        let item = try storeOptions.withContext(mergePolicy: policy) { context in
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
