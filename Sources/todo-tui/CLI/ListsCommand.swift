import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui lists [add|rename|delete]`: prints the lists (name, to-dos, colour) or changes them.
struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Print the lists with their to-do counts and colours, or add, rename or delete one.",
        subcommands: [Show.self, Add.self, Rename.self, Delete.self],
        defaultSubcommand: Show.self
    )

    /// `todo-tui lists`: one line per list, in order: name, count, colour, tab-separated.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print each list's name, number of to-dos and colour.")

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let rows = try storeOptions.withContext { context in
                var counts: [UUID: Int] = [:]
                for item in try context.fetch(FetchRequest()) {
                    counts[item.listID, default: 0] += 1
                }
                return try context.lists().map { ($0, counts[$0.id] ?? 0) }
            }
            for (list, count) in rows {
                print("\(String(InertText.glyphs(list.name).map(\.character)))\t\(count)\t\(list.color.rawValue)")
            }
        }
    }

    /// `todo-tui lists add NAME [--color COLOR]`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a list.")

        @Argument(help: "The new list's name.")
        var name: String

        @Option(help: ArgumentHelp("The list's colour.", valueName: "color"))
        var color: String?

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let list = try TodoList(name: ListsCommand.validated(name), color: ListsCommand.color(color))
            try storeOptions.withContext { context in try context.insertList(list) }
            CommandReport.say("Added the list", list.name)
        }
    }

    /// `todo-tui lists rename OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list.")

        @Argument(help: "The list's name now.")
        var name: String

        @Argument(help: "Its new name.")
        var newName: String

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let renamed = try ListsCommand.validated(newName)
            try storeOptions.withContext { context in
                let list = try ListOption.list(named: name, in: context.lists())
                try context.updateList(list.id) { $0.name = renamed }
            }
            CommandReport.say("Renamed the list to", renamed)
        }
    }

    /// `todo-tui lists delete NAME [--with-todos]`: an empty list, or one and its to-dos.
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a list (one with to-dos only with --with-todos).")

        @Argument(help: "The list's name.")
        var name: String

        @Flag(help: "Delete the list's to-dos with it.")
        var withTodos = false

        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let count = try storeOptions.withContext { context in
                let list = try ListOption.list(named: name, in: context.lists())
                let count = try context.count(for: FetchRequest(predicate: .list(list.id)))
                guard count == 0 || withTodos else {
                    throw CLIError.usage(
                        "The list \"\(list.name)\" holds \(count) to-do\(count == 1 ? "" : "s"); "
                            + "add --with-todos to delete them with it, or move them first.")
                }
                return try context.deleteList(list.id)
            }
            CommandReport.say("Deleted (with \(count) to-do\(count == 1 ? "" : "s")) the list", name)
        }
    }

    /// `name` checked as a list name.
    static func validated(_ name: String) throws(CLIError) -> String {
        do throws(ItemError) {
            return try TodoList.validatedName(name)
        } catch {
            throw .usage(error.description)
        }
    }

    /// The colour named `name`, or the default one.
    static func color(_ name: String?) throws(CLIError) -> TodoColor {
        guard let name else { return .default }
        do throws(ItemError) {
            return try TodoColor.parse(name)
        } catch {
            throw .usage(error.description)
        }
    }
}
