import ArgumentParser

/// `todo-tui undone ID`: marks an item not done.
struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Mark a to-do not done.")

    @OptionGroup var item: ItemReference

    func run() throws {
        if let reopened = try item.update({ $0.isDone = false }) {
            CommandReport.say("Reopened", reopened.text)
        }
    }
}
