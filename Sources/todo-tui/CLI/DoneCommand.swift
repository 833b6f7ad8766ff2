import ArgumentParser
import TodoCore

/// `todo-tui done ID`: marks an item done.
struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a to-do done.")

    @OptionGroup var item: ItemReference

    func run() throws {
        let done = try item.withResolvedItem { context, found in
            // Completing one occurrence is the other program's job until recurrence is built
            // here: marking the series done would end it there.
            guard found.isDone || !found.foreign.isRecurring else {
                throw CLIError.repeating(found.text)
            }
            try context.update(found.id) { $0.setDone(true, at: CLIClock.now) }
            return try context.item(with: found.id)
        }
        if let done {
            CommandReport.say("Completed", done.text)
        }
    }
}
