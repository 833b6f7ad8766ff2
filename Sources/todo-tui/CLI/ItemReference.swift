import ArgumentParser
import Foundation
import TodoCore

/// The arguments of commands that act on one item named by id or prefix.
struct ItemReference: ParsableArguments {
    @Argument(help: "The item's id, or a unique prefix of at least 4 characters.")
    var id: String

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var mergeOptions: MergePolicyOption

    /// Resolves the id in a fresh context, applies `change`, saves, and returns the new value.
    /// - Throws: `CLIError`.
    @discardableResult
    func update(_ change: @escaping (inout TodoItem) -> Void) throws -> TodoItem? {
        try withResolvedItem { context, item in
            try context.update(item.id, change)
            return try context.item(with: item.id)
        }
    }

    /// Resolves the id in a fresh context with the `--merge-policy` policy (else the configured
    /// `command-merge-policy`), runs `body` on the item, and saves.
    /// - Throws: `CLIError`; `.readOnlyList` for an item of a list the server lets the account
    ///   only read.
    func withResolvedItem<Result>(_ body: (TodoContext, TodoItem) throws -> Result) throws -> Result {
        let policy = try mergeOptions.policy(or: storeOptions.configuration.commandMergePolicy)
        let storePath = storeOptions.storePath
        return try storeOptions.withContext(mergePolicy: policy) { context in
            let item = try IDResolver.resolve(id, in: context.fetch(FetchRequest()))
            try ReadOnlyLists.refuseChanges(to: item.listID, in: context, storePath: storePath)
            return try body(context, item)
        }
    }
}
