import Foundation
import TodoCore
import TodoSyncModel

/// The lists a sync found read-only on the server (a shared calendar without `DAV:write`): the
/// commands refuse to change their to-dos or move to-dos into or out of them.
enum ReadOnlyLists {
    /// - Throws: `CLIError.readOnlyList` when the list `id` of the store at `storePath` is
    ///   read-only.
    /// - Complexity: reads the first line of the store's sync state.
    static func refuseChanges(to id: UUID, in context: TodoContext, storePath: String) throws(CLIError) {
        guard SyncStateFile(storePath: storePath).readOnlyLists().contains(id) else { return }
        let name = ((try? context.lists()) ?? []).first { $0.id == id }?.name ?? id.uuidString
        throw .readOnlyList(name)
    }
}
