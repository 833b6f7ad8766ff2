import Foundation
import Glibc
import TodoCore
import TodoSyncModel

/// Runs the sync helper `todo-tui-sync` for the open list, so a sync never blocks a key: on `S`,
/// at start, and every `interval` while an account is set up.
///
/// The list starts the helper itself (`SyncHelper.start`) with the list's store and merge
/// policy, in a process group of its own, with standard input and error on `/dev/null`, and
/// reads its typed answer (`SyncHelperResponse`, the conflicts it left waiting included) when it
/// ends. Its saves reach the open list through the live merge that animates every other writer's
/// changes. `poll(now:)` reaps it without waiting. Quitting the list ends a sync in flight
/// (the helper's lifeline): a sync is safe to stop at any point, and the next run finishes
/// what it left.
final class BackgroundSync {
    /// How a finished run ended: its one-line summary, or its error sentence.
    struct Outcome: Equatable {
        var finishedAt: Date
        var succeeded: Bool
        var message: String
        /// The conflicts the run left waiting (policy `error`), for the mine/theirs box.
        var waiting: [WaitingConflict] = []
    }

    /// The `todo-tui` executable; the helper is looked for beside it.
    let executable: String
    let storePath: String
    let policy: MergePolicy
    /// nil: only on `S`.
    let interval: TimeInterval?
    let accountPath: String
    /// The child's environment as `NAME=value` strings; nil inherits this process's.
    let environment: [String]?
    /// How long the run's saves wait for another process's lock.
    let lockTimeout: Duration
    let timeouts: SyncTimeouts

    private(set) var last: Outcome?
    private var running: (child: ChildProcess, helper: String)?
    private var nextDue: Date?

    /// - Parameters:
    ///   - interval: seconds between automatic runs; nil for `S` only.
    init(
        executable: String, storePath: String, policy: MergePolicy, interval: TimeInterval?, accountPath: String,
        environment: [String]? = nil, lockTimeout: Duration = .seconds(5), timeouts: SyncTimeouts = SyncTimeouts()
    ) {
        self.environment = environment
        self.executable = executable
        self.storePath = storePath
        self.policy = policy
        self.interval = interval
        self.accountPath = accountPath
        self.lockTimeout = lockTimeout
        self.timeouts = timeouts
    }

    /// True while a run is under way.
    var isRunning: Bool { running != nil }

    /// True when `todo-tui sync setup` has stored an account.
    var hasAccount: Bool { FileManager.default.fileExists(atPath: accountPath) }

    /// Starts a run unless one is under way.
    /// - Parameter policy: the merge policy for this run, else the list's; the conflict box
    ///   carries out a choice with `overwrite` or `rollback`.
    /// - Returns: nil when it started (or one was running), else why it cannot start.
    func start(now: Date, policy: MergePolicy? = nil) -> String? {
        guard running == nil else { return nil }
        guard hasAccount else {
            return "No sync account is set up; run todo-tui sync setup URL --user NAME in a shell first."
        }
        if let interval { nextDue = now.addingTimeInterval(interval) }
        let request = SyncHelperRequest.run(
            SyncHelperRequest.Run(
                storePath: storePath, lockTimeoutMilliseconds: Int(lockTimeout / .milliseconds(1)),
                policy: policy ?? self.policy, confirmed: false, accountPath: accountPath, timeouts: timeouts))
        do {
            // No terminal for it: the list owns it, and a password command cannot ask there.
            running = try SyncHelper.start(
                request, besides: executable,
                setup: ChildProcess.Setup(
                    input: .discarded, errors: .discarded, environment: environment, detached: true))
        } catch {
            return error.description
        }
        return nil
    }

    /// Reaps a finished run (returning how it ended) and starts one that is due.
    func poll(now: Date) -> Outcome? {
        var outcome: Outcome?
        if let (child, helper) = running, let (termination, output) = child.poll() {
            running = nil
            outcome = Self.outcome(termination, output: output, helper: helper, at: now)
            last = outcome
        }
        // The account file is looked at once per interval, not on every poll.
        if running == nil, let interval, now >= (nextDue ?? now) {
            if hasAccount {
                _ = start(now: now)
            } else {
                nextDue = now.addingTimeInterval(interval)
            }
        }
        return outcome
    }

    /// How a run ended, from the helper's typed answer: its summary, or the sentence
    /// `todo-tui sync` would print for its error.
    private static func outcome(
        _ termination: ChildProcess.Termination, output: Data, helper: String, at now: Date
    ) -> Outcome {
        do {
            switch try SyncHelper.response(termination, output: output, helper: helper) {
            case .finished(let message):
                return Outcome(finishedAt: now, succeeded: true, message: TerminalOutput.inline(message))
            case .incomplete(let summary, let waiting):
                return Outcome(
                    finishedAt: now, succeeded: false, message: CLIError.syncIncomplete(summary).description,
                    waiting: waiting)
            case .failed(let error):
                return Outcome(finishedAt: now, succeeded: false, message: CLIError.sync(error).description)
            }
        } catch {
            return Outcome(finishedAt: now, succeeded: false, message: error.description)
        }
    }

    /// This executable's path, for the child.
    static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
