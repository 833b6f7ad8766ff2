import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

/// The release binary in a real terminal, run from an interactive shell in tmux: however the app
/// ends, the shell gets its terminal back as it left it (issue 12).
///
/// The release build once skipped `endwin` on quit: the list stayed on screen, the shell's
/// output was gone and the tty stayed raw (`-icanon -echo`). Each test runs
/// `seq 1 3; echo BEFORE; todo-tui …; echo AFTER` in bash and checks, after the app ends, that
/// the alternate screen was left (the lines before it are back), that `AFTER` starts its own
/// line, and what `stty -a` says in the pane.
@Suite(
    "The release binary gives the terminal back",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct ReleaseBinaryTerminalTests {
    let home: TemporaryDirectory
    let store: String
    let pidFile: String

    init() throws {
        home = try TemporaryDirectory()
        store = home.path("todos.json")
        pidFile = home.path("app.pid")
    }

    /// An interactive bash (job control on, no user configuration) in a 80×24 pane, the app's
    /// default folders inside `home`.
    private func shellSession() throws -> TmuxSession {
        let command = [
            "env", "-u", "TODO_TUI_NO_ANIMATION", "-u", "TODO_TUI_STORE", "-u", "NO_COLOR",
            "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "PS1=$ ",
            "HOME=\(home.url.path)", "XDG_DATA_HOME=\(home.path("data"))", "XDG_CACHE_HOME=\(home.path("cache"))",
            "XDG_CONFIG_HOME=\(home.path("config"))", "TODO_TUI_CONFIG=",
            "bash", "--norc", "--noprofile", "-i",
        ]
        let session = try TmuxSession(command: command, columns: 80, rows: 24, scratch: home.url.path)
        try expectPane(session, "the shell's prompt") { $0.contains("$") }
        return session
    }

    /// The command line that runs the release app between `BEFORE` and `AFTER`, writing the
    /// app's process id to `pidFile` (through `exec`, so it is the app's own).
    private func appLine(_ binary: String) -> String {
        let app = "exec \(TmuxSession.shellQuoted(binary)) --store \(TmuxSession.shellQuoted(store))"
        let inner = "echo $$ > \(TmuxSession.shellQuoted(pidFile)); \(app)"
        return "seq 1 3; echo BEFORE; sh -c \(TmuxSession.shellQuoted(inner)); echo AFTER"
    }

    @discardableResult
    private func expectPane(
        _ session: TmuxSession, _ what: String, timeout: Duration = .seconds(5),
        sourceLocation: SourceLocation = #_sourceLocation, until condition: ([String]) -> Bool
    ) throws -> [String] {
        let (lines, matched) = try session.waitForPane(timeout: timeout, until: condition)
        try #require(
            matched, "\(what); the pane shows:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }

    /// Starts the app from the shell and waits for its empty-list hint.
    private func startApp(in session: TmuxSession) throws {
        let binary = try ReleaseBinary.path.get()
        try session.type(appLine(binary))
        try session.send("Enter")
        try expectPane(session, "the app's empty-list hint") { lines in
            lines.contains { $0.contains("No to-dos yet") }
        }
    }

    private func appPID() throws -> pid_t {
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// After the app ended: the shell's earlier output is back, AFTER is a line of its own, and
    /// the tty is in canonical mode with echo.
    private func expectTerminalGivenBack(
        _ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let lines = try expectPane(session, "AFTER on a line of its own", sourceLocation: sourceLocation) { lines in
            lines.contains("AFTER")
        }
        let before = try #require(
            lines.firstIndex(of: "BEFORE"), "the shell's output before the app is gone: \(lines)",
            sourceLocation: sourceLocation)
        #expect(Array(lines[(before - 3)..<before]) == ["1", "2", "3"], "\(lines)", sourceLocation: sourceLocation)
        #expect(
            !lines.contains { $0.contains("No to-dos yet") }, "the app's screen stayed: \(lines)",
            sourceLocation: sourceLocation)
        try expectCookedTTY(session, "stty's modes", sourceLocation: sourceLocation)
    }

    /// Asks the shell for the tty's modes and expects canonical mode with echo.
    ///
    /// Prints MODE-icanon/MODEicanon and MODE-echo/MODEecho, then MODES-END; the typed line
    /// itself shows only `MODE$f`, so the check reads the output, and only once the whole line is
    /// there (under load the pane can be captured between two printfs).
    private func expectCookedTTY(
        _ session: TmuxSession, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try session.type(
            "for f in $(stty -a); do case $f in icanon|-icanon|echo|-echo) printf 'MODE%s ' \"$f\";; esac; done; echo "
                + "MODES-END"
        )
        try session.send("Enter")
        let isModes = { (line: String) in line.hasPrefix("MODE") && line.hasSuffix("MODES-END") }
        let modes = try expectPane(session, what, sourceLocation: sourceLocation) { $0.contains(where: isModes) }
        let line = modes.first(where: isModes) ?? ""
        #expect(
            line.split(separator: " ").dropLast().sorted() == ["MODEecho", "MODEicanon"],
            "stty -a in the pane: \(line)", sourceLocation: sourceLocation)
    }

    @Test("q: the shell's screen and a cooked tty come back")
    func quitWithQ() throws {
        let session = try shellSession()
        defer { session.kill() }
        try startApp(in: session)
        try session.send("q")
        try expectTerminalGivenBack(session)
    }

    @Test("Ctrl-C: the shell's screen and a cooked tty come back")
    func quitWithControlC() throws {
        let session = try shellSession()
        defer { session.kill() }
        try startApp(in: session)
        try session.send("C-c")
        try expectTerminalGivenBack(session)
    }

    @Test("Ctrl-Z: the shell's screen and a cooked tty come back; fg redraws the app, which then quits cleanly")
    func suspendAndResume() throws {
        let session = try shellSession()
        defer { session.kill() }
        try startApp(in: session)
        try session.send("C-z")
        let stopped = try expectPane(session, "bash reporting the stopped job") { lines in
            lines.contains { $0.contains("Stopped") }
        }
        #expect(stopped.contains("BEFORE"), "the shell's screen did not come back: \(stopped)")
        #expect(!stopped.contains { $0.contains("No to-dos yet") }, "the app's screen stayed: \(stopped)")
        try expectCookedTTY(session, "stty's modes while stopped")

        try session.type("fg")
        try session.send("Enter")
        try expectPane(session, "the app redrawn after fg") { lines in
            lines.contains { $0.contains("No to-dos yet") } && !lines.contains("BEFORE")
        }
        // The app reads keys again: an added item shows.
        try session.send("a")
        try session.type("Back again")
        try session.send("Enter")
        try expectPane(session, "the item added after fg") {
            $0.contains { RowTime.removed(from: $0).contains("[ ] Back again") }
        }
        try session.send("q")
        try expectTerminalGivenBack(session)
    }

    @Test("SIGTERM: the shell's screen and a cooked tty come back")
    func terminated() throws {
        let session = try shellSession()
        defer { session.kill() }
        try startApp(in: session)
        #expect(kill(try appPID(), SIGTERM) == 0)
        try expectTerminalGivenBack(session)
    }

    @Test("A clean quit keeps the start screen; a garbled one, or a store changed since, is never what shows")
    func startScreenBetweenSessions() throws {
        let binary = try ReleaseBinary.path.get()
        do {
            let session = try shellSession()
            defer { session.kill() }
            try startApp(in: session)
            try session.send("q")
            try expectTerminalGivenBack(session)
        }
        let folder = home.path("cache") + "/todo-tui"
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".start-screen") }
        try #require(kept.count == 1, "the cache folder holds \(kept)")
        let path = folder + "/" + kept[0]
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("todo-tui-start-screen 2\n"))

        var runner = CommandRunner.todoTUI(home: home.url)
        runner.executable = binary
        #expect(try runner.run("add", "Fresh item", "--store", store).status == 0)
        try Data("garbage\n".utf8).write(to: URL(fileURLWithPath: path))
        let session = try shellSession()
        defer { session.kill() }
        try session.type(appLine(binary))
        try session.send("Enter")
        try expectPane(session, "the item the command line added") { lines in
            lines.contains { $0.contains("Fresh item") } && !lines.contains { $0.contains("No to-dos yet") }
        }
        try session.send("q")
        try expectTerminalGivenBack(session)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8).hasPrefix("todo-tui-start-screen 2\n"),
            "the garbled file is replaced by the screen of this quit")
    }
}
