import ArgumentParser
import TodoCore

/// `todo-tui undone ID`: marks an item not done.
struct UndoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undone", abstract: "Mark a to-do not done.")

    @OptionGroup var item: ItemReference

    func run() throws {
        let calendar = item.storeOptions.calendar
        if let reopened = try item.update({ $0.reopen(at: CLIClock.now, calendar: calendar) }) {
            CommandReport.say("Reopened", reopened.text)
        }
    }
}
