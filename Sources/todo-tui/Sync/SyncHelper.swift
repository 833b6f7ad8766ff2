import Foundation
import Glibc
import TodoSyncModel

/// Runs a sync request in the helper process `todo-tui-sync`: for `todo-tui sync`, which waits
/// for it, and for the open list (`BackgroundSync`), which starts it and reads its answer later.
///
/// The helper is the only executable that links the network stack (libcurl, FoundationXML and
/// libxml2), which would cost every start of the list several milliseconds. Its standard output
/// carries one `SyncHelperResponse`, read as it is, and its descriptor 3 a lifeline
/// (`ChildProcess`): the helper ends the moment the process that started it ends, however it ends.
enum SyncHelper {
    /// The helper's file name.
    static let name = "todo-tui-sync"

    /// Where the helper is looked for, in order: beside this executable (a build folder, or a
    /// `bin` folder), then in `../libexec/todo-tui/` from it (`scripts/install`'s layout).
    static func candidates(besides executable: String) -> [String] {
        let folder = (executable as NSString).deletingLastPathComponent
        let libexec = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("libexec")
        return [
            (folder as NSString).appendingPathComponent(name),
            ((libexec as NSString).appendingPathComponent("todo-tui") as NSString).appendingPathComponent(name),
        ]
    }

    /// Carries `request` out in the helper, which shares this process's terminal (a password
    /// command may ask on it).
    /// - Returns: the line to print, which may quote the server (a calendar's name), already made
    ///   one inert line (`TerminalOutput.inline`), on a terminal and on a pipe alike.
    /// - Throws: `CLIError.sync` for the error that stopped the sync; `.syncIncomplete` for a run
    ///   that left a local change unsent or a conflict waiting; `.syncHelperMissing` when no
    ///   helper is installed; `.syncHelperFailed` when it could not start or gave no answer.
    static func perform(_ request: SyncHelperRequest) throws(CLIError) -> String {
        let started = try start(request, besides: BackgroundSync.currentExecutable, setup: ChildProcess.Setup())
        let (termination, output) = started.child.wait()
        switch try response(termination, output: output, helper: started.helper) {
        case .finished(let message):
            return TerminalOutput.inline(message)
        case .incomplete(let summary, _):
            throw .syncIncomplete(summary)
        case .failed(let error):
            throw .sync(error)
        }
    }

    /// Starts the helper installed beside `executable` on `request`, with a lifeline.
    /// - Throws: `CLIError.syncHelperMissing` or `.syncHelperFailed`.
    static func start(
        _ request: SyncHelperRequest, besides executable: String, setup: ChildProcess.Setup
    ) throws(CLIError) -> (child: ChildProcess, helper: String) {
        let places = candidates(besides: executable)
        guard let helper = places.first(where: { access($0, X_OK) == 0 }) else {
            throw .syncHelperMissing(looked: places)
        }
        var setup = setup
        setup.lifeline = SyncHelperRequest.lifeline
        do {
            return (try ChildProcess(helper, arguments: [request.argument], setup: setup), helper)
        } catch {
            throw .syncHelperFailed(path: helper, reason: error.description)
        }
    }

    /// The answer of a helper that ended as `termination` after writing `output`.
    /// - Throws: `CLIError.syncHelperFailed` when it did not exit normally with an answer.
    static func response(
        _ termination: ChildProcess.Termination, output: Data, helper: String
    ) throws(CLIError) -> SyncHelperResponse {
        switch termination {
        case .exited(status: 0): break
        case .exited(let status): throw .syncHelperFailed(path: helper, reason: "it exited with status \(status)")
        case .signalled(let signal): throw .syncHelperFailed(path: helper, reason: "it was stopped by signal \(signal)")
        case .unknown: throw .syncHelperFailed(path: helper, reason: "its end went unseen")
        }
        guard let response = SyncHelperResponse(decoding: output) else {
            throw .syncHelperFailed(path: helper, reason: "it gave no answer")
        }
        return response
    }
}
