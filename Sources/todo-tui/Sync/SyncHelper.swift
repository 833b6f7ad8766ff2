import Foundation
import Glibc
import TodoSyncModel

/// Runs a `todo-tui sync` request in the helper process `todo-tui-sync` and waits for its answer.
///
/// The helper is the only executable that links the network stack (libcurl, FoundationXML and
/// libxml2), which would cost every start of the list several milliseconds. It gets
/// this process's environment, standard input and standard error (a password command may ask on
/// the terminal); its standard output is a pipe that carries one `SyncHelperResponse`, and its
/// descriptor 3 the read end of a pipe whose write end only this process holds: the helper
/// watches it and ends the moment this process ends, however it ends (`ParentLifeline`).
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

    /// Carries `request` out in the helper.
    /// - Returns: the line to print, which may quote the server (a calendar's name), already made
    ///   one inert line (`TerminalOutput.inline`), on a terminal and on a pipe alike.
    /// - Throws: `CLIError.sync` for the error that stopped the sync; `.syncIncomplete` for a run
    ///   that left a local change unsent or a conflict waiting; `.syncHelperMissing` when no
    ///   helper is installed; `.syncHelperFailed` when it could not start or gave no answer.
    static func perform(_ request: SyncHelperRequest) throws(CLIError) -> String {
        let places = candidates(besides: BackgroundSync.currentExecutable)
        guard let helper = places.first(where: { access($0, X_OK) == 0 }) else {
            throw .syncHelperMissing(looked: places)
        }
        let answer = try run(helper, argument: request.argument)
        switch SyncHelperResponse(decoding: answer) {
        case .finished(let message):
            return TerminalOutput.inline(message)
        case .incomplete(let summary):
            throw .syncIncomplete(summary)
        case .failed(let error):
            throw .sync(error)
        case nil:
            throw .syncHelperFailed(path: helper, reason: "it gave no answer")
        }
    }

    /// Starts `helper` with its one argument and returns all it wrote to standard output, once it
    /// exited normally.
    private static func run(_ helper: String, argument: String) throws(CLIError) -> Data {
        var answerPipe: [Int32] = [-1, -1]
        var lifeline: [Int32] = [-1, -1]
        guard pipe(&answerPipe) == 0 else {
            throw .syncHelperFailed(path: helper, reason: String(cString: strerror(errno)))
        }
        defer { close(answerPipe[0]) }
        guard pipe(&lifeline) == 0 else {
            close(answerPipe[1])
            throw .syncHelperFailed(path: helper, reason: String(cString: strerror(errno)))
        }
        // The write end stays open while the helper runs; if this process ends first, the kernel
        // closes it, however this process ends, and the helper ends too.
        defer { close(lifeline[1]) }
        for end in answerPipe + lifeline { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copies: the helper gets only these two ends.
        posix_spawn_file_actions_adddup2(&actions, answerPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, lifeline[0], 3)
        let arguments = [helper, argument]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, helper, &actions, nil, argv, environ)
        close(answerPipe[1])
        close(lifeline[0])
        guard spawned == 0 else {
            throw .syncHelperFailed(path: helper, reason: String(cString: strerror(spawned)))
        }
        let answer = FileHandle(fileDescriptor: answerPipe[0], closeOnDealloc: false).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        guard signal == 0 else { throw .syncHelperFailed(path: helper, reason: "it was stopped by signal \(signal)") }
        let code = (status >> 8) & 0xff
        guard code == 0 else { throw .syncHelperFailed(path: helper, reason: "it exited with status \(code)") }
        return answer
    }
}
