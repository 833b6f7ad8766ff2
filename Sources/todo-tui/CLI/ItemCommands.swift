import ArgumentParser
import Foundation
import TodoCore

/// The arguments of commands that act on one item named by id or prefix.
struct ItemReference: ParsableArguments {
    @Argument(help: "The item's id, or a unique prefix of at least 4 characters.")
    var id: String

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    /// Resolves the id in a fresh context, applies `change`, saves, and returns the new value.
    /// - Throws: `CLIError`.
    @discardableResult
    func update(_ change: @escaping (inout TodoItem) -> Void) throws -> TodoItem? {
        try withResolvedItem { context, item in
            try context.update(item.id, change)
            return try context.item(with: item.id)
        }
    }

    /// Resolves the id in a fresh context with the `--merge-policy` policy, runs `body` on the
    /// item, and saves.
    /// - Throws: `CLIError`.
    func withResolvedItem<Result>(_ body: (TodoContext, TodoItem) throws -> Result) throws -> Result {
        try storeOptions.withContext(mergePolicy: mergeOptions.policy(or: .error)) { context in
            try body(context, IDResolver.resolve(id, in: context.fetch(FetchRequest())))
        }
    }
}

/// `todo-tui edit ID [TEXT] [--date DATE] [--color COLOR] [--priority P] [--tag T]… [--untag T]…
/// [--note TEXT]`: changes an item's text, date, colour, priority, tags or notes (at least one).
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a to-do's text, date, colour, priority, tags or notes.")

    @OptionGroup var item: ItemReference

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    @Argument(help: "The new text (one line).")
    var text: String?

    // Unconditional so that "-2d" is taken as the date, not as an option.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The new day (the item keeps its time of day) or day and time: \(DateInput.acceptedForms).",
            valueName: "date"))
    var date: String?

    @Option(help: ArgumentHelp("default, red, green, yellow, blue, magenta, cyan or white.", valueName: "color"))
    var color: String?

    @Option(help: ArgumentHelp("none, low, medium or high (or l, m, h).", valueName: "priority"))
    var priority: String?

    @Option(
        name: .customLong("tag"),
        help: ArgumentHelp("A tag to add (one word; a leading + or # is dropped); repeatable.", valueName: "tag"))
    var tags: [String] = []

    @Option(name: .customLong("untag"), help: ArgumentHelp("A tag to remove; repeatable.", valueName: "tag"))
    var untags: [String] = []

    @Option(
        name: .customLong("note"),
        help: ArgumentHelp(
            "The new notes, as typed: a real line break in the value starts a new line (\\n is not special); - reads "
                + "them from standard input; an empty value removes them.",
            valueName: "text"))
    var note: String?

    func run() throws {
        try root.refuseRootOptions(for: "edit", except: ["--merge-policy"])
        guard
            text != nil || date != nil || color != nil || priority != nil || !tags.isEmpty || !untags.isEmpty
                || note != nil
        else {
            throw CLIError.usage(
                "Nothing to change; give a new text, --date, --color, --priority, --tag, --untag or --note.")
        }
        // Every field is checked before the store is read.
        let input = try ItemInput(
            text: text, date: date, color: color, priority: priority, tags: tags, untags: untags, notes: note)
        let edited = try item.withResolvedItem { context, found in
            let newDate = try date.map { typed throws(CLIError) in
                do throws(ItemError) {
                    return try DateInput.redate(found.date, to: typed, now: CLIClock.now, calendar: CLIClock.calendar)
                } catch {
                    throw .invalidInput(error)
                }
            }
            try context.update(found.id) { item in
                item.text = input.text ?? item.text
                if let newDate {
                    item.date = newDate
                    // A new time makes the item timed; a day alone keeps it as it was.
                    if let date, DateInput.namesTimeOfDay(date) { item.hasTime = true }
                }
                item.color = input.color ?? item.color
                input.applyDetails(to: &item)
            }
            return try context.item(with: found.id)
        }
        if let edited {
            CommandReport.say("Changed", edited.text)
        }
    }
}

/// `todo-tui done ID`: marks an item done.
struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a to-do done.")

    @OptionGroup var item: ItemReference

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    func run() throws {
        try root.refuseRootOptions(for: "done", except: ["--merge-policy"])
        let done = try item.withResolvedItem { context, found in
            // Completing one occurrence is the other program's job until recurrence is built
            // here: marking the series done would end it there.
            guard found.isDone || !found.foreign.isRecurring else {
                throw CLIError.repeating(found.text)
            }
            try context.update(found.id) { $0.isDone = true }
            return try context.item(with: found.id)
        }
        if let done {
            CommandReport.say("Completed", done.text)
        }
    }
}

/// `todo-tui undone ID`: marks an item not done.
struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Mark a to-do not done.")

    @OptionGroup var item: ItemReference

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    func run() throws {
        try root.refuseRootOptions(for: "undone", except: ["--merge-policy"])
        if let reopened = try item.update({ $0.isDone = false }) {
            CommandReport.say("Reopened", reopened.text)
        }
    }
}

/// `todo-tui delete ID`: deletes an item.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a to-do.")

    @OptionGroup var item: ItemReference

    // The root command's options reach subcommands too; those this command ignores are refused.
    @ParentCommand var root: TodoTUICommand

    func run() throws {
        try root.refuseRootOptions(for: "delete", except: ["--merge-policy"])
        let deleted = try item.withResolvedItem { context, target in
            try context.delete(target.id)
            return target
        }
        CommandReport.say("Deleted", deleted.text)
    }
}
