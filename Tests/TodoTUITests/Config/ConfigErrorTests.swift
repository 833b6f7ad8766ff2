import Foundation
import Glibc
import Testing
import TodoTestSupport

/// A configuration file that cannot be used stops every command before it starts anything: one
/// sentence on stderr naming the file, line and column, exit 78 (EX_CONFIG), no store written,
/// no terminal taken.
@Suite("Configuration errors")
struct ConfigErrorTests {
    /// A file's text, and where and what the error says.
    static let cases: [(name: String, text: String, line: Int, column: Int, message: String)] = [
        (
            "a key taken from a built-in action", "[keys]\ndone = \"d\"\n", 2, 8,
            "'d' is bound to done here and to delete by default; take it from delete (delete = \"delete\") or choose "
                + "another key."
        ),
        (
            "two actions on one key", "[keys]\ndone = [\"Q\", \"space\"]\nquit = [\"q\", \"Q\"]\n", 3, 14,
            "'Q' is bound to both quit and done (line 2); give each key one action."
        ),
        ("an unknown action", "[keys]\ndwn = \"j\"\n", 2, 1, "'dwn' is not an action of [keys] (did you mean down?)"),
        (
            "an unknown key name", "[keys]\ndown = [\"j\", \"ctrl-ä\"]\n", 2, 14,
            "'ctrl-ä' is not a key name; use a character (x, G, ?), space, enter, esc,"
        ),
        (
            "an unknown editor action", "[keys.editor]\nkill-line = \"ctrl-k\"\n", 2, 1,
            "'kill-line' is not an action of [keys.editor]"
        ),
        (
            "suspend on a printable key", "[keys]\nsuspend = \"z\"\n", 2, 11,
            "suspend acts in every mode, typing included, so it takes only a control key"
        ),
        (
            "an editor action on a printable key", "[keys.editor]\nleft = \"h\"\n", 2, 8,
            "'h' types itself in the editors"
        ),
        (
            "an unknown section", "[colours]\ntitle = \"red\"\n", 1, 2,
            "[colours] is not a section of todo-tui's configuration; the sections are [keys], [keys.editor], [theme], "
                + "[theme.colors], [calendar] and [defaults]."
        ),
        (
            "an unknown setting", "[calendar]\nweek_start = \"sunday\"\n", 2, 1,
            "'week_start' is not a setting of [calendar] (did you mean week-start?); its settings are week-start, "
                + "clock, day-header, relative-days."
        ),
        (
            "a bad colour", "[theme]\ntitle = \"#ff88\"\n", 2, 9,
            "theme.title: '#ff88' is not a colour; use default, black, red, green, yellow, blue, magenta, cyan, white, "
                + "a number from 0 to 255, or \"#rrggbb\"."
        ),
        ("a colour number out of range", "[theme.colors]\nred = 256\n", 2, 7, "256 is not a colour number"),
        (
            "a value of the wrong type", "[defaults]\nanimations = \"no\"\n", 2, 14,
            "defaults.animations: expected true or false, not a string."
        ),
        (
            "a choice that is not one", "[calendar]\nclock = \"12h\"\n", 2, 9,
            "calendar.clock: '12h' is not one of \"24-hour\" or \"12-hour\"."
        ),
        (
            "a day-header token that is not one", "[calendar]\nday-header = \"{day} {mnth}\"\n", 2, 21,
            "calendar.day-header: in the pattern, {mnth} is not a token"
        ),
        ("a relative store path", "[defaults]\nstore = \"todos.json\"\n", 2, 9, "'todos.json' is not an absolute path"),
        ("a setting outside any section", "clock = \"12-hour\"\n", 1, 1, "(clock belongs in [calendar])"),
        ("TOML that does not parse", "[keys]\ndown = [\"j\"\n", 3, 1, "The array is not closed; expected ]."),
        ("a key given twice", "[calendar]\nclock = \"12-hour\"\nclock = \"24-hour\"\n", 3, 1, "already set at line 2"),
    ]

    /// Runs `arguments` with the configuration file at `path`, and checks the refusal.
    func expectRefusal(
        _ sandbox: CLISandbox, config path: String, line: Int, column: Int, message: String,
        arguments: [String] = ["add", "Buy milk"], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try sandbox.cli.run(["--config", path] + arguments + ["--store", sandbox.store])
        #expect(result.status == 78, "\(result.stderr)", sourceLocation: sourceLocation)
        let prefix = "todo-tui: \(path):\(line):\(column): "
        #expect(result.stderr.hasPrefix(prefix), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasSuffix(".\n") && result.stderr.filter { $0 == "\n" }.count == 1,
            "one line: \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            !FileManager.default.fileExists(atPath: sandbox.store), "nothing saved", sourceLocation: sourceLocation)
    }

    @Test("a problem in the file is named at its line and column, and no command starts", arguments: cases.indices)
    func fileProblem(index: Int) throws {
        let (_, text, line, column, message) = Self.cases[index]
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("config.toml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try expectRefusal(sandbox, config: path, line: line, column: column, message: message)
        try expectRefusal(sandbox, config: path, line: line, column: column, message: message, arguments: ["list"])
        let check = try sandbox.cli.run("config", "check", path)
        #expect(check.status == 78 && check.stderr.hasPrefix("todo-tui: \(path):\(line):\(column): "), "\(check)")
    }

    @Test("bytes that are not UTF-8 are named at the first bad one")
    func notUTF8() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("config.toml")
        try Data("[theme]\n# caf".utf8 + [0xE9] + Data(" au lait\n".utf8)).write(to: URL(fileURLWithPath: path))
        try expectRefusal(sandbox, config: path, line: 2, column: 6, message: "The file is not UTF-8 text (byte 0xe9).")
    }

    @Test("a directory is refused, not read")
    func directory() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("folder.toml")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try expectRefusal(
            sandbox, config: path, line: 1, column: 1,
            message: "This is a directory, not a configuration file; todo-tui reads only a regular file.")
    }

    @Test("a FIFO is refused at once, without waiting for a writer")
    func fifo() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("config.fifo")
        try #require(mkfifo(path, 0o600) == 0)
        let (process, out, err) = try sandbox.cli.start(["--config", path, "add", "Buy milk", "--store", sandbox.store])
        let deadline = ContinuousClock.now + .seconds(20)
        while process.isRunning, ContinuousClock.now < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            Issue.record("todo-tui waited on the FIFO")
        }
        process.waitUntilExit()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 78)
        #expect(
            stderr
                == "todo-tui: \(path):1:1: This is a FIFO (named pipe), not a configuration file; todo-tui reads only "
                + "a regular file.\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.store))
    }

    @Test("a file that cannot be read is refused with the reason")
    func unreadable() throws {
        var sandbox = try CLISandbox()
        let path = sandbox.home.path("config.toml")
        try "[calendar]\nclock = \"12-hour\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        try #require(chmod(path, 0) == 0)
        if geteuid() == 0 {
            // Root reads any file: the command runs as nobody, who may enter the sandbox.
            try #require(chmod(sandbox.home.path, 0o755) == 0)
            sandbox.cli = CommandRunner(
                executable: "/usr/bin/setpriv",
                environment: sandbox.cli.environment.merging(["HOME": "/nonexistent"]) { $1 })
            let result = try sandbox.cli.run([
                "--reuid=65534", "--regid=65534", "--clear-groups", CommandRunner.executable("todo-tui"), "--config",
                path, "list", "--store", sandbox.home.path("absent.json"),
            ])
            #expect(result.status == 78, "\(result.stderr)")
            #expect(
                result.stderr
                    == "todo-tui: \(path):1:1: The configuration file cannot be read: permission denied; make it "
                    + "readable (chmod u+r) or name another with --config.\n")
        } else {
            try expectRefusal(
                sandbox, config: path, line: 1, column: 1,
                message: "The configuration file cannot be read: permission denied")
        }
    }

    @Test("a read that fails is refused with the system's reason")
    func readFails() throws {
        let sandbox = try CLISandbox()
        // A regular file whose first bytes cannot be read (the process's own memory at address 0).
        try expectRefusal(
            sandbox, config: "/proc/self/mem", line: 1, column: 1,
            message: "The configuration file cannot be read: input/output error.")
    }

    @Test("a 10 MB file is refused without reading it whole")
    func tooLarge() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("config.toml")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 10_485_760)))
        try expectRefusal(
            sandbox, config: path, line: 1, column: 1,
            message:
                "The file is 10,485,760 bytes or more; a configuration file may hold at most 1,048,576 bytes, so this "
                + "is not one.")
    }

    @Test("a file named by --config or $TODO_TUI_CONFIG must exist; the default location may be empty")
    func missing() throws {
        var sandbox = try CLISandbox()
        let path = sandbox.home.path("absent.toml")
        try expectRefusal(
            sandbox, config: path, line: 1, column: 1,
            message:
                "There is no configuration file here (named by --config); `todo-tui config defaults` prints one to "
                + "start from.")
        sandbox.cli.environment["TODO_TUI_CONFIG"] = path
        let named = try sandbox.cli.run("add", "Buy milk", "--store", sandbox.store)
        #expect(named.status == 78)
        #expect(
            named.stderr.hasPrefix(
                "todo-tui: \(path):1:1: There is no configuration file here (named by $TODO_TUI_CONFIG)"))
        sandbox.cli.environment["TODO_TUI_CONFIG"] = nil
        let fine = try sandbox.cli.run("add", "Buy milk", "--store", sandbox.store)
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test(
        "the interactive list does not start on a bad file: the error, exit 78, the screen never switched",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed"))
    func interactiveList() throws {
        let sandbox = try CLISandbox()
        let path = sandbox.home.path("config.toml")
        try "[keys]\nquit = \"ctrl-z\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let command = TmuxSession.todoTUICommand(["--config", path, "--store", sandbox.store], home: sandbox.home)
        let session = try TmuxSession(command: command, columns: 200, rows: 10, scratch: sandbox.home.url.path)
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane(timeout: .seconds(10)) {
            $0.contains { $0.hasPrefix("EXITED:") }
        }
        try #require(matched, "\(lines)")
        #expect(
            lines.first
                == "todo-tui: \(path):2:8: 'ctrl-z' is bound to quit here and to suspend by default; take it from "
                + "suspend (suspend = \"none\") or choose another key.")
        #expect(lines.contains("EXITED:78"), "\(lines)")
        #expect(!lines.contains { $0.contains("? help") }, "the list was never drawn: \(lines)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.store))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("cache/todo-tui")))
    }
}
