import Foundation
import Glibc
import TodoSyncModel

/// Runs `todo-tui sync` for the open list as a child process, so a sync never blocks a key:
/// on `S`, at start, and every `interval` while an account is set up.
///
/// The child is this same executable (`/proc/self/exe`) with the list's `--store` and merge
/// policy, in a process group of its own, with stdin from `/dev/null` and its output into an
/// unlinked temporary file read when it ends. Its saves reach the open list through the live
/// merge that animates every other writer's changes. `poll(now:)` reaps it without waiting.
/// Quitting the app leaves a running sync to finish on its own: a sync is safe to stop at any
/// point, and as safe to let finish.
final class BackgroundSync {
    /// How a finished run ended: its one-line summary, or its error sentence.
    struct Outcome: Equatable {
        var finishedAt: Date
        var succeeded: Bool
        var message: String
        /// The conflicts the run left waiting (policy `error`), for the mine/theirs box.
        var waiting: [WaitingConflict] = []
        /// True when the run may have left conflicts waiting: it went through (status 0), or
        /// went through with something left to do (status 75, "try again").
        var mayLeaveConflicts = false
    }

    let executable: String
    let storePath: String
    let policyName: String
    /// nil: only on `S`.
    let interval: TimeInterval?
    let accountPath: String
    /// The child's environment as `NAME=value` strings; nil inherits this process's.
    let environment: [String]?

    private(set) var last: Outcome?
    private var running: (pid: pid_t, output: Int32)?
    private var nextDue: Date?

    /// - Parameters:
    ///   - interval: seconds between automatic runs; nil for `S` only.
    init(
        executable: String, storePath: String, policyName: String, interval: TimeInterval?, accountPath: String,
        environment: [String]? = nil
    ) {
        self.environment = environment
        self.executable = executable
        self.storePath = storePath
        self.policyName = policyName
        self.interval = interval
        self.accountPath = accountPath
    }

    /// True while a run is under way.
    var isRunning: Bool { running != nil }

    /// True when `todo-tui sync setup` has stored an account.
    var hasAccount: Bool { FileManager.default.fileExists(atPath: accountPath) }

    /// Starts a run unless one is under way.
    /// - Parameter policy: the merge policy's name for this run, else the list's
    ///   (`policyName`); the conflict box carries out a choice with `overwrite` or `rollback`.
    /// - Returns: nil when it started (or one was running), else why it cannot start.
    func start(now: Date, policy: String? = nil) -> String? {
        guard running == nil else { return nil }
        guard hasAccount else {
            return "No sync account is set up; run todo-tui sync setup URL --user NAME in a shell first."
        }
        if let interval { nextDue = now.addingTimeInterval(interval) }
        var template = Array("/tmp/todo-tui-sync-XXXXXX".utf8CString)
        let output = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard output >= 0 else { return "The sync could not start: \(String(cString: strerror(errno)))." }
        // Not inherited by anything else the app starts; the child gets it through dup2 only.
        _ = fcntl(output, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var pid = pid_t()
        let spawned = spawn(&pid, output: output, policy: policy ?? policyName)
        guard spawned == 0 else {
            close(output)
            return "The sync could not start: \(String(cString: strerror(spawned)))."
        }
        running = (pid, output)
        return nil
    }

    /// Reaps a finished run (returning how it ended) and starts one that is due.
    func poll(now: Date) -> Outcome? {
        var outcome: Outcome?
        if let (pid, output) = running {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid || (reaped < 0 && errno == ECHILD) {
                running = nil
                outcome = Self.outcome(status: reaped == pid ? status : -1, output: output, at: now)
                close(output)
                if outcome?.mayLeaveConflicts == true {
                    outcome?.waiting = (try? SyncStateFile(storePath: storePath).load())?.waiting ?? []
                }
                last = outcome
            }
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

    private func spawn(_ pid: inout pid_t, output: Int32, policy: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default dispositions and no blocked signals: the app ignores or catches some, the
        // child must not inherit that; its own group keeps terminal signals away from it.
        var all = sigset_t()
        var none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        let arguments = [executable, "--store", storePath, "sync", "--merge-policy", policy]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard let environment else { return posix_spawn(&pid, executable, &actions, &attributes, argv, environ) }
        let envp = environment.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        return posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    }

    /// The run's last line of output, without the program-name prefix of an error.
    private static func outcome(status: Int32, output: Int32, at now: Date) -> Outcome {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        lseek(output, 0, SEEK_SET)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        var message = lines.last ?? ""
        if message.hasPrefix("todo-tui: ") { message.removeFirst("todo-tui: ".count) }
        let exited = status >= 0 && (status & 0x7f) == 0
        let code = exited ? (status >> 8) & 0xff : -1
        if message.isEmpty { message = code == 0 ? "In sync." : "The sync ended without a message (status \(status))." }
        return Outcome(
            finishedAt: now, succeeded: code == 0, message: message, mayLeaveConflicts: code == 0 || code == 75)
    }

    /// This executable's path, for the child.
    static var currentExecutable: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments[0] }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
