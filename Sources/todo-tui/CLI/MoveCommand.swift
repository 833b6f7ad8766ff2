import ArgumentParser
import TodoCore

/// `todo-tui move ID --list NAME`: moves an item to another list.
struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a to-do to another list.")

    @OptionGroup var item: ItemReference

    @Option(help: ArgumentHelp("The list to move it to.", valueName: "name"))
    var list: String

    func run() throws {
        let (moved, target) = try item.withResolvedItem { context, found in
            let target = try ListOption.list(named: list, in: context.lists())
            try ReadOnlyLists.refuseChanges(to: target.id, in: context, storePath: item.storeOptions.storePath)
            try context.update(found.id) { $0.listID = target.id }
            return (try context.item(with: found.id), target)
        }
        if let moved {
            CommandReport.say("Moved to \(target.name)", moved.text)
        }
    }
}
