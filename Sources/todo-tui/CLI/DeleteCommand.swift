import ArgumentParser

/// `todo-tui delete ID`: deletes an item.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a to-do.")

    @OptionGroup var item: ItemReference

    func run() throws {
        let deleted = try item.withResolvedItem { context, target in
            try context.delete(target.id)
            return target
        }
        CommandReport.say("Deleted", deleted.text)
    }
}
