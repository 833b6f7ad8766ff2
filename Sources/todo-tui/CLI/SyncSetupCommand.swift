import ArgumentParser
import Foundation
import TodoSyncModel

/// `todo-tui sync setup URL --user NAME`: finds the account's to-do calendar (or makes one) and
/// stores the account.
struct SyncSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "setup",
        abstract: "Set up the CalDAV account the lists sync with.",
        discussion:
            "Finds the account's calendars from URL (the server, a principal, or a calendar), links each to a list "
            + "(by name, else a new list), and stores the account "
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
            "A calendar to sync with, by name; repeat it for several (default: every calendar that takes to-dos, "
                + "and lists made here get calendars of their own).", valueName: "name"))
    var collection: [String] = []

    @Option(
        help: ArgumentHelp("Create a to-do calendar with this name, then link every to-do calendar.", valueName: "name")
    )
    var create: String?

    @Flag(help: "Allow plain http to another machine (the password then travels unencrypted).")
    var allowInsecure = false

    func run() throws {
        if !collection.isEmpty, create != nil {
            throw CLIError.usage("Give --collection or --create, not both.")
        }
        let request = SyncHelperRequest.SetUp(
            url: url, user: user, passwordCommand: passwordCommand, collections: collection, create: create,
            allowInsecure: allowInsecure, accountPath: SyncAccount.defaultPath,
            timeouts: try SyncTimeouts.fromEnvironment())
        TerminalOutput.say(try SyncHelper.perform(.setUp(request)))
    }
}
