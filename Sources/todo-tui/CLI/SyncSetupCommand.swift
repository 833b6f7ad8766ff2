import ArgumentParser
import Foundation
import TodoSync

/// `todo-tui sync setup URL --user NAME`: finds the account's to-do calendar (or makes one) and
/// stores the account.
struct SyncSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set up the CalDAV account the list syncs with.",
        discussion:
            "Finds the account's calendars from URL (the server, a principal, or a calendar) and stores the account "
            + "in $XDG_CONFIG_HOME/todo-tui/sync-account.json. The password is never stored: it comes from "
            + "--password-command, else $TODO_TUI_PASSWORD, else ~/.netrc."
    )

    @Argument(help: "The server's URL (https://…; plain http only to this machine unless --allow-insecure).")
    var url: String

    @Option(help: ArgumentHelp("The account's user name.", valueName: "name"))
    var user: String

    @Option(help: ArgumentHelp("A command that prints the password, e.g. 'pass show dav'.", valueName: "command"))
    var passwordCommand: String?

    @Option(
        help: ArgumentHelp(
            "The calendar to sync with, by name (default: the only one that takes to-dos).", valueName: "name"))
    var collection: String?

    @Option(help: ArgumentHelp("Create a to-do calendar with this name and sync with it.", valueName: "name"))
    var create: String?

    @Flag(help: "Allow plain http to another machine (the password then travels unencrypted).")
    var allowInsecure = false

    func run() throws {
        if collection != nil, create != nil {
            throw CLIError.usage("Give --collection or --create, not both.")
        }
        do {
            let start = try SyncAccount.checkedURL(url, allowInsecure: allowInsecure)
            let client = try SyncConnection.client(user: user, url: start, passwordCommand: passwordCommand)
            let chosen = try choose(with: CalDAVDiscovery(client: client), from: start)
            let account = SyncAccount(
                server: start.absoluteString, user: user, collection: chosen.url.absoluteString,
                passwordCommand: passwordCommand, allowInsecure: allowInsecure)
            let path = SyncConnection.accountPath
            try account.save(to: path)
            print("Set up: \(user) syncs with '\(chosen.name)' at \(chosen.url.absoluteString) (saved in \(path)).")
        } catch {
            throw CLIError.sync(error)
        }
    }

    private func choose(with discovery: CalDAVDiscovery, from start: URL) throws(SyncError) -> CalendarCollection {
        let home: URL
        switch try discovery.home(from: start) {
        case .collection(let collection):
            guard collection.acceptsTodos else {
                throw .noTodoCollection(url: start.absoluteString, found: [collection.name])
            }
            return collection
        case .home(let url):
            home = url
        }
        if let create {
            return try discovery.makeCollection(named: create, in: home)
        }
        let all = try discovery.collections(in: home)
        let todos = all.filter(\.acceptsTodos)
        if let collection {
            guard let match = todos.first(where: { $0.name == collection || $0.url.lastPathComponent == collection })
            else { throw .noSuchCollection(name: collection, found: todos.map(\.name)) }
            return match
        }
        guard let first = todos.first(where: \.onlyTodos) ?? todos.first else {
            throw .noTodoCollection(url: home.absoluteString, found: all.map(\.name))
        }
        return first
    }
}
