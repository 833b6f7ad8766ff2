import ArgumentParser
import Foundation
import TodoCore
import TodoSync

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
        do {
            let account = try SyncAccount.load(from: SyncConnection.accountPath)
            let collection = try SyncAccount.checkedURL(account.collection, allowInsecure: account.allowInsecure)
            let client = try SyncConnection.client(
                user: account.user, url: collection, passwordCommand: account.passwordCommand)
            let context = try storeOptions.makeContext()
            let engine = SyncEngine(
                client: client, collection: collection, context: context,
                stateFile: SyncStateFile(storePath: storeOptions.storePath), now: Date.init, calendar: .current)
            let report = try engine.run(SyncOptions(policy: policy, confirmed: yes))
            // As every command that saved: the store file alone is complete for other programs.
            if report.wroteLocally { try? context.store.compact() }
            print(report.summary)
        } catch let error as SyncError {
            throw CLIError.sync(error)
        }
    }
}
