import Foundation
import Glibc
import TodoTestSupport

/// A detached tmux session on a private server, running one program in one pane.
///
/// Each session has its own server socket (`tmux -L`), so parallel tests and a developer's own
/// tmux are never touched; `kill()` ends that server and everything running in it.
final class TmuxSession {
    /// The first `tmux` on `PATH`, or nil when tmux is not installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":")
            .map { "\($0)/tmux" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why a tmux command did not do what the test needs.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    let socket: String
    private let tmux: String
    /// A folder for tmux's output, inside the test's temporary folder.
    private let scratch: String
    /// The server's socket file, which tmux leaves behind when its server ends.
    private var socketPath: String?

    /// Starts a `columns`×`rows` session whose pane runs `command` (a program and its arguments,
    /// run directly, not through the user's shell); the user's tmux configuration is not read.
    /// - Parameter scratch: an existing folder for tmux's output.
    /// - Throws: `Failure` when tmux is missing or refuses to start the session.
    init(command: [String], columns: Int, rows: Int, scratch: String) throws {
        guard let tmux = Self.executable else {
            throw Failure(description: "tmux is not installed")
        }
        self.tmux = tmux
        self.scratch = scratch
        socket = "todo-tui-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        try run(["-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "--"] + command)
        // Not thrown: the caller can only kill a session it received.
        socketPath = try? run(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .newlines)
    }

    /// Quotes `word` for `sh`, so paths and texts reach the program unchanged.
    static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs a tmux command on this session's server.
    ///
    /// Spawned directly rather than with `Process`: the first command forks the server, which
    /// must not inherit the test runner's blocked signals (tmux's `kill-server` signals the
    /// server itself with SIGTERM) nor any descriptor of a test running in parallel (a pipe held
    /// open by the server would never reach end of file). Output goes through files for the same
    /// reason.
    /// - Returns: what it printed.
    /// - Throws: `Failure` with tmux's message when it cannot start or exits with an error.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = "\(scratch)/\(socket).out", errorPath = "\(scratch)/\(socket).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Glibc's closefrom action is not visible to Swift; close what is open now instead.
        for descriptor in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
            if let descriptor = Int32(descriptor), descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), defaults = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGHUP, SIGINT, SIGPIPE, SIGCHLD] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var environment = ProcessInfo.processInfo.environment
        // Inside a developer's tmux the variable would point at their server.
        environment["TMUX"] = nil
        // The server takes its locale from the first client; captures are read as UTF-8.
        environment["LC_ALL"] = "C.UTF-8"
        let argv = ([tmux, "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            (argv + envp).forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "tmux could not start: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw Failure(
                description: "tmux \(arguments.joined(separator: " ")) failed (wait status \(status)): \(error)")
        }
        return output
    }

    /// Sends key names as tmux spells them (`Enter`, `Escape`, `C-u`, `a`).
    func send(_ keys: String...) throws {
        try run(["send-keys"] + keys)
    }

    /// Types `text` literally, one key per character.
    func type(_ text: String) throws {
        try run(["send-keys", "-l", text])
    }

    /// The pane's text, one string per screen line, wrapped lines joined, trailing spaces cut
    /// (`-J` keeps them).
    func capture() throws -> [String] {
        var lines = try run(["capture-pane", "-p", "-J"]).components(separatedBy: "\n")
        if lines.last == "" {
            lines.removeLast()
        }
        return lines.map { line in
            String(line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)])
        }
    }

    /// Captures the pane until `condition` holds or `timeout` passes, so tests wait for the
    /// program instead of sleeping a fixed time.
    /// - Returns: the last capture and whether `condition` held for it.
    func waitForPane(
        timeout: Duration = .seconds(3), until condition: ([String]) -> Bool
    ) throws -> (lines: [String], matched: Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            let lines = try capture()
            if condition(lines) {
                return (lines, true)
            }
            if clock.now >= deadline {
                return (lines, false)
            }
            usleep(30_000)
        }
    }

    /// Ends the server and everything running in it, and removes its socket file; a server
    /// already gone is fine.
    func kill() {
        _ = try? run(["kill-server"])
        if let socketPath {
            unlink(socketPath)
        }
    }
}

extension TmuxSession {
    /// A pane command running the built `todo-tui` with `arguments`, a known terminal type, a
    /// UTF-8 locale and every default folder inside `home`; when it ends, its exit status stays
    /// on screen as `EXITED:<status>` for the capture.
    static func todoTUICommand(_ arguments: [String], home: TemporaryDirectory) -> [String] {
        let program = ([CommandRunner.executable("todo-tui")] + arguments).map(shellQuoted).joined(separator: " ")
        return [
            "env", "-u", "TODO_TUI_NO_ANIMATION", "-u", "TODO_TUI_STORE", "-u", "NO_COLOR", "-u", "TODO_TUI_CONFIG",
            "-u", "TODO_TUI_SYNC_INTERVAL", "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8",
            "HOME=\(home.url.path)", "XDG_DATA_HOME=\(home.path("data"))", "XDG_CACHE_HOME=\(home.path("cache"))",
            "XDG_CONFIG_HOME=\(home.path("config"))",
            "sh", "-c", program + "; echo EXITED:$?; sleep 10",
        ]
    }
}
