import Foundation
import TodoSync
import TodoSyncModel

/// `todo-tui-sync REQUEST`: carries out one `SyncHelperRequest` for `todo-tui sync` and writes its
/// `SyncHelperResponse` to standard output. Only this process links the network stack; people
/// run `todo-tui sync`, which parses the command line, starts this helper and reports its answer.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let request = SyncHelperRequest(argument: arguments[arguments.startIndex]) else {
    FileHandle.standardError.write(
        Data("todo-tui-sync: this is todo-tui's sync helper; run `todo-tui sync` instead.\n".utf8))
    exit(64)
}
ParentLifeline.watch()
FileHandle.standardOutput.write(request.perform().encoded)
