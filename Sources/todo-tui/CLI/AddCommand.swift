import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui add TEXT [--literal] [--date DATE] [--start DATE] [--color COLOR] [--priority P] [--tag T]…
/// [--note TEXT]`: adds an item (reading quick-add tokens, `QuickAddParser`) and prints its id.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a to-do and print its id."
    )

    @Argument(
        help: ArgumentHelp(
            "What to do (one line), with quick-add tokens: due:DATE, start:DATE, list:NAME, +tag, #tag, pri:h|m|l, !, "
                + "!!, !!!; "
                + "a \\ before a token keeps it as text."))
    var text: String

    @Flag(help: "Take the text as given, reading no quick-add tokens.")
    var literal = false

    @OptionGroup var fields: ItemFieldOptions

    @Option(help: ArgumentHelp("The list to add it to (else the first list).", valueName: "name"))
    var list: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    func run() throws {
        let line: QuickAdd
        if literal {
            line = QuickAdd(text: text)
        } else {
            do throws(QuickAddError) {
                line = try QuickAddParser.parse(text, now: CLIClock.now, calendar: storeOptions.calendar)
            } catch {
                throw CLIError.usage(error.description)
            }
        }
        // Every field is checked before the store is read; options given beside tokens win.
        let input = try fields.input(text: line.text, calendar: storeOptions.calendar)
        let reminders = try fields.alarmRequests()
        let policy = try mergeOptions.policy(or: storeOptions.configuration.commandMergePolicy)
        let item = try storeOptions.withContext(mergePolicy: policy) { context in
            var item = TodoItem(text: "", date: nil, color: input.color ?? .default, createdAt: CLIClock.now)
            // A day given without a time (`--date tomorrow`) is a whole day; `--date none`, no date.
            if let date = input.date { item.dueDate = date }
            line.apply(to: &item, now: CLIClock.now, calendar: storeOptions.calendar)
            if let date = input.date { item.dueDate = date }
            item.text = input.text ?? line.text
            input.applyDetails(to: &item, calendar: storeOptions.calendar)
            let lists = try context.lists()
            item.listID =
                try (list ?? line.listName).map { (name) throws(CLIError) in
                    try ListOption.list(named: name, in: lists).id
                }
                ?? lists[0].id
            try ReadOnlyLists.refuseChanges(to: item.listID, in: context, storePath: storeOptions.storePath)
            if reminders == nil {
                do throws(ItemError) {
                    try line.applyReminders(to: &item, now: CLIClock.now, calendar: storeOptions.calendar)
                } catch {
                    throw CLIError.invalidInput(error)
                }
            }
            item = try ItemFieldOptions.applying(reminders, to: item, calendar: storeOptions.calendar)
            try context.insert(item)
            return item
        }
        print(IDResolver.displayID(item.id))
    }
}
