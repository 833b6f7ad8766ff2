import Foundation
import Glibc

/// A program running in a detached tmux session on a private server (`tmux -L NAME`), so a
/// test can type into it and read its screen like a person at a terminal.
///
/// The server is this value's alone: `kill()` (also on release) ends it with everything in it.
/// The server is started with no signals blocked: a test runs on a thread that blocks most
/// signals, and a child inherits that mask, so a program in the session would otherwise ignore
/// the hangup `kill-server` sends and outlive the test.
final class TmuxSession {
    /// Whether tmux is installed.
    static var isAvailable: Bool {
        (try? run(["-V"]).status) == 0
    }

    let socket: String
    private let environment: [String: String]

    /// Starts `command` (program and arguments) in a new `width`×`height` session.
    /// - Parameter environment: the environment of the server, hence of `command`.
    init(command: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        socket = "todo-tui-test-\(UUID().uuidString.prefix(8))"
        self.environment = environment
        let shellCommand = command.map(Self.quoted).joined(separator: " ")
        let status = try Self.startServer(
            ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", shellCommand],
            environment: environment
        )
        guard status == 0 else { throw POSIXError(.ECHILD) }
    }

    deinit {
        kill()
    }

    /// The visible screen, one string per row.
    func capture() throws -> [String] {
        try tmux(["capture-pane", "-p"]).output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The screen as one text, for failure messages; empty if it cannot be captured.
    var screenText: String {
        (try? capture())?.joined(separator: "\n") ?? ""
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-u`) or literal characters, each argument one key.
    func sendKeys(_ keys: String...) throws {
        _ = try tmux(["send-keys"] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        _ = try tmux(["send-keys", "-l", text])
    }

    /// Whether the session still runs (its program has not ended).
    var isRunning: Bool {
        (try? tmux(["has-session"]).status) == 0
    }

    /// Captures the screen every 10 ms until `condition` holds; how long that took, or nil if
    /// `timeout` passed first.
    func wait(timeout: Duration = .seconds(5), until condition: ([String]) -> Bool) throws -> Duration? {
        let clock = ContinuousClock()
        let start = clock.now
        while clock.now - start < timeout {
            if condition(try capture()) { return clock.now - start }
            usleep(10_000)
        }
        return nil
    }

    /// Ends the server and everything running in it.
    func kill() {
        _ = try? tmux(["kill-server"])
    }

    private func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Self.run(["-L", socket] + arguments, environment: environment)
    }

    private static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Runs the tmux client that starts the server, with an empty signal mask and its output
    /// on /dev/null: the server it leaves behind keeps any pipe it inherits open, so a pipe
    /// would never reach end of file. Returns the client's exit status.
    private static func startServer(_ arguments: [String], environment: [String: String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        return (status >> 8) & 0xFF
    }

    /// `text` in single quotes for the shell tmux runs the command with.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
