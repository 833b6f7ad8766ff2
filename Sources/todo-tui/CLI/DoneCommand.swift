import ArgumentParser
import TodoCore

/// `todo-tui done ID`: marks an item done, or completes the current occurrence of a repeating one
/// (which moves to its next date).
struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark a to-do done.")

    @OptionGroup var item: ItemReference

    func run() throws {
        let calendar = item.storeOptions.calendar
        let done = try item.withResolvedItem { context, found in
            // A rule only the other program computes: marking the to-do done would end its series.
            if !found.isDone, found.repetition == nil, let problem = found.foreign.recurrenceProblem {
                throw CLIError.repeating(found.text, problem)
            }
            var completion = TodoItem.Completion.completed
            if !found.isDone {
                try context.update(found.id) { completion = $0.complete(at: CLIClock.now, calendar: calendar) }
            }
            return (item: try context.item(with: found.id), completion: completion)
        }
        if let item = done.item {
            switch done.completion {
            case .completed: CommandReport.say("Completed", item.text)
            case .advanced(let due):
                CommandReport.say(
                    "Completed", item.text,
                    suffix: due.map { "; next " + DateInput.editableText(for: $0.date, calendar: calendar) } ?? "")
            }
        }
    }
}
