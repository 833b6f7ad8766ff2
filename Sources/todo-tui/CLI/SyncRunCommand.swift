import ArgumentParser
import Foundation
import TodoCore
import TodoSyncModel

/// `todo-tui sync [--yes] [--merge-policy P]`: one two-way sync run with the account's collection.
struct SyncRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Sync once: pull the server's changes, merge, push this list's changes (the default).",
        discussion:
            "Items both sides changed are settled by --merge-policy (default object-trump: this list wins a field "
            + "both changed; store-trump: the server wins; overwrite: this list's item whole; rollback: the "
            + "server's item whole; error: the conflict waits). An edit always beats a delete. A run that "
            + "would delete more than half of either side, or whose collection changed, stops and asks "
            + "for --yes."
    )

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    @Flag(help: "Go on although the run deletes more than half of a side, or the account's collection changed.")
    var yes = false

    func run() throws {
        let policy = try mergeOptions.policy(or: .mergeByPropertyObjectTrump)
        let request = SyncHelperRequest.Run(
            storePath: storeOptions.storePath,
            lockTimeoutMilliseconds: Int(try StoreOptions.lockTimeout() / .milliseconds(1)),
            policy: policy, confirmed: yes, accountPath: SyncAccount.defaultPath,
            timeouts: try SyncTimeouts.fromEnvironment())
        TerminalOutput.say(try SyncHelper.perform(.run(request)))
    }
}
