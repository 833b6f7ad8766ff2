import Foundation
import Testing

/// The command lines the README and the man page show, the refusals they promise, and the
/// forms scripts and the app itself use (options before the command's name), each with the exit
/// status and the first line of standard error it gives. Recorded from the command line as it
/// was before the interactive list's options moved off the root command, so that the parser
/// reading them differently changes none of them.
@Suite("CLI command lines")
struct CLICommandLineTests {
    /// One command line and what it gives: `{store}`, `{home}` and `{id}` (the first 8
    /// characters of the one to-do's id) are filled in per run.
    struct Line: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        /// The first line of standard error; empty for none.
        let stderr: String

        init(_ arguments: [String], _ status: Int32, _ stderr: String) {
            self.arguments = arguments
            self.status = status
            self.stderr = stderr
        }

        var testDescription: String { (["todo-tui"] + arguments).joined(separator: " ") }
    }

    static let needsTerminal =
        "todo-tui: The interactive list needs a terminal; use a subcommand such as 'todo-tui list' in scripts and pipes."
    static let mauveFilter =
        "todo-tui: Unknown colour 'mauve' at column 7 of the filter; use one of default, red, green, yellow, blue, "
        + "magenta, cyan, white."
    static let bogusPolicy =
        "todo-tui: Unknown merge policy 'bogus'; use one of error, store-trump, object-trump, overwrite, rollback."
    static let noAccount =
        "todo-tui: No sync account is set up ({home}/config/todo-tui/sync-account.json does not exist); run "
        + "`todo-tui sync setup URL --user NAME` first."

    static let lines: [Line] = [
        Line([], 64, Self.needsTerminal),
        Line(["--demo"], 64, Self.needsTerminal),
        Line(["--filter", "milk"], 64, Self.needsTerminal),
        Line(["--store", "{store}"], 64, Self.needsTerminal),
        Line(["--store", "{store}", "--filter", "milk"], 64, Self.needsTerminal),
        Line(["--no-animation"], 64, Self.needsTerminal),
        Line(["--merge-policy", "store-trump"], 64, Self.needsTerminal),
        Line(["--filter", "color:mauve"], 64, Self.mauveFilter),
        Line(["--merge-policy", "bogus"], 64, Self.bogusPolicy),
        Line(
            ["--demo", "--store", "{store}"], 64,
            "todo-tui: --demo opens a temporary copy of the sample, not --store; "
                + "give one of them."),
        Line(["--export", "ics", "--store", "{store}"], 0, ""),
        Line(["--export", "json", "--store", "{store}"], 0, ""),
        Line(["--export", "csv", "--output", "{home}/todos.csv", "--store", "{store}"], 0, ""),
        Line(["--export", "markdown", "--filter", "date:today", "--store", "{store}"], 0, ""),
        Line(["--export", "markdown", "--filter", "milk", "--output", "{home}/out.md", "--store", "{store}"], 0, ""),
        Line(["--export", "vdir", "--output", "{home}/vdir", "--store", "{store}"], 0, ""),
        Line(
            ["--export", "vdir", "--store", "{store}"], 64,
            "todo-tui: The vdir format writes one file per item; give the folder "
                + "with --output."),
        Line(["--export", "todotxt", "--output", "{home}/todo.txt", "--store", "{store}"], 0, ""),
        Line(["--export", "taskwarrior", "--store", "{store}"], 0, ""),
        Line(
            ["--export", "bogus", "--store", "{store}"], 64,
            "todo-tui: Unknown format 'bogus'; use one of json, csv, markdown, ics, "
                + "vdir, todotxt, taskwarrior."),
        Line(["--export", "json", "--filter", "color:mauve", "--store", "{store}"], 64, Self.mauveFilter),
        Line(
            ["--output", "{home}/out.md", "--store", "{store}"], 64,
            "todo-tui: --output applies only with --export; see todo-tui --help."),
        Line(
            ["--output", "{home}/out.md", "add", "foo", "--store", "{store}"], 64,
            "todo-tui: --output does not apply to add; see todo-tui --help."),
        Line(
            ["--export", "markdown", "add", "foo", "--store", "{store}"], 64,
            "todo-tui: --export does not apply to add; see todo-tui --help."),
        Line(
            ["--export", "json", "--demo"], 64,
            "todo-tui: --demo does not apply to --export, which only reads; see "
                + "todo-tui --help."),
        Line(
            ["--export", "json", "--no-animation", "--store", "{store}"], 64,
            "todo-tui: --no-animation does not apply to --export, which only reads; "
                + "see todo-tui --help."),
        Line(
            ["--export", "json", "--merge-policy", "overwrite", "--store", "{store}"], 64,
            "todo-tui: --merge-policy does not apply to --export, which only reads; "
                + "see todo-tui --help."),
        Line(
            ["--filter", "milk", "add", "foo", "--store", "{store}"], 64,
            "todo-tui: --filter does not apply to add; see todo-tui --help."),
        Line(
            ["done", "{id}", "--export", "json", "--store", "{store}"], 64,
            "todo-tui: --export does not apply to done; see todo-tui --help."),
        Line(
            ["import", "{home}/in.txt", "--no-animation", "--store", "{store}"], 64,
            "todo-tui: --no-animation does not apply to import; see todo-tui --help."),
        Line(
            ["list", "--output", "{home}/out.md", "--store", "{store}"], 64,
            "todo-tui: --output does not apply to list; see todo-tui --help."),
        Line(
            ["list", "--merge-policy", "overwrite", "--store", "{store}"], 64,
            "todo-tui: --merge-policy does not apply to list; see todo-tui --help."),
        Line(
            ["add", "foo", "--demo", "--store", "{store}"], 64,
            "todo-tui: --demo does not apply to add; see todo-tui --help."),
        Line(
            ["add", "foo", "--no-animation", "--store", "{store}"], 64,
            "todo-tui: --no-animation does not apply to add; see todo-tui --help."),
        Line(
            ["edit", "{id}", "x", "--filter", "milk", "--store", "{store}"], 64,
            "todo-tui: --filter does not apply to edit; see todo-tui --help."),
        Line(
            ["delete", "{id}", "--output", "x", "--store", "{store}"], 64,
            "todo-tui: --output does not apply to delete; see todo-tui --help."),
        Line(
            ["undone", "{id}", "--demo", "--store", "{store}"], 64,
            "todo-tui: --demo does not apply to undone; see todo-tui --help."),
        Line(["--filter", "milk", "list", "--store", "{store}"], 0, ""),
        Line(["--store", "{store}", "list"], 0, ""),
        Line(["--store", "{store}", "--filter", "milk", "list"], 0, ""),
        Line(["--merge-policy", "overwrite", "add", "x", "--store", "{store}"], 0, ""),
        Line(["--store", "{store}", "sync"], 78, Self.noAccount),
        Line(["add", "Buy bread", "--store", "{store}"], 0, ""),
        Line(["add", "Buy bread", "--date", "tomorrow", "--color", "red", "--store", "{store}"], 0, ""),
        Line(
            [
                "add", "Call the bank", "--date", "tomorrow 9:00", "--priority", "high", "--tag", "work", "--tag",
                "home", "--note", "ask about fees", "--store", "{store}",
            ], 0, ""),
        Line(["add", "Pay", "--date", "-2d", "--store", "{store}"], 0, ""),
        Line(
            ["add", "Bad", "--color", "mauve", "--store", "{store}"], 64,
            "todo-tui: Unknown colour 'mauve'; use one of default, red, green, "
                + "yellow, blue, magenta, cyan, white."),
        Line(
            ["add", "Bad", "--priority", "urgent", "--store", "{store}"], 64,
            "todo-tui: Unknown priority 'urgent'; use none, low, medium or high (or "
                + "l, m, h)."),
        Line(
            ["add", "Bad", "--date", "someday", "--store", "{store}"], 64,
            "todo-tui: Unknown date 'someday'; use today, tomorrow, yesterday, a "
                + "weekday (mon…sun), next week, next mon…next sun, +3d, -2d, +1w, 2025-01-31 or 2025-01-31T09:30, each "
                + "optionally followed by a time (tomorrow 9:00, tue 14:30), or a time "
                + "alone for today (9am, 9:30pm, 18:00)."),
        Line(["add", "", "--store", "{store}"], 64, "todo-tui: The text is empty."),
        Line(["add", "--store", "{store}"], 64, "todo-tui: Missing expected argument '<text>'; see todo-tui --help."),
        Line(
            ["add", "x", "--color", "--store", "{store}"], 64,
            "todo-tui: Missing value for '--color <color>'; see todo-tui --help."),
        Line(["add", "x", "--merge-policy", "overwrite", "--store", "{store}"], 0, ""),
        Line(["add", "x", "--merge-policy", "bogus", "--store", "{store}"], 64, Self.bogusPolicy),
        Line(["list", "--store", "{store}"], 0, ""),
        Line(["list", "--json", "--store", "{store}"], 0, ""),
        Line(["list", "--filter", "milk done:yes", "--store", "{store}"], 0, "No to-dos match 'milk done:yes'."),
        Line(["list", "--filter", "milk done:no", "--store", "{store}"], 0, ""),
        Line(
            ["list", "--filter", "done:maybe", "--store", "{store}"], 64,
            "todo-tui: Unknown done value 'maybe' at column 6 of the filter; use "
                + "yes, no, true or false, or the day it was done (done:today, done>=mon)."),
        Line(
            ["list", "--nope", "--store", "{store}"], 64,
            "todo-tui: Unknown option '--nope'. Did you mean '--store'?; see "
                + "todo-tui --help."),
        Line(["edit", "{id}", "Buy oat milk", "--store", "{store}"], 0, ""),
        Line(["edit", "{id}", "Buy oat milk", "--merge-policy", "error", "--store", "{store}"], 0, ""),
        Line(["edit", "{id}", "Buy oat milk", "--merge-policy", "store-trump", "--store", "{store}"], 0, ""),
        Line(["edit", "{id}", "Buy oat milk", "--merge-policy", "object-trump", "--store", "{store}"], 0, ""),
        Line(["edit", "{id}", "Buy oat milk", "--merge-policy", "overwrite", "--store", "{store}"], 0, ""),
        Line(["edit", "{id}", "Buy oat milk", "--merge-policy", "rollback", "--store", "{store}"], 0, ""),
        Line(
            [
                "edit", "{id}", "--date", "mon", "--color", "blue", "--priority", "low", "--tag", "x", "--untag", "x",
                "--note", "", "--store", "{store}",
            ], 0, ""),
        Line(
            ["edit", "{id}", "--store", "{store}"], 64,
            "todo-tui: Nothing to change; give a new text, --date, --start, --color, "
                + "--priority, --tag, --untag, --note, --repeat or --remind."),
        Line(
            ["edit", "abc", "x", "--store", "{store}"], 64,
            "todo-tui: The id prefix 'abc' is too short; give at least 4 characters "
                + "of the id."),
        Line(
            ["edit", "ffffffff", "x", "--store", "{store}"], 64,
            "todo-tui: No to-do has an id starting with 'ffffffff'."),
        Line(["done", "{id}", "--store", "{store}"], 0, ""),
        Line(["undone", "{id}", "--store", "{store}"], 0, ""),
        Line(["delete", "{id}", "--store", "{store}"], 0, ""),
        Line(["done", "--store", "{store}"], 64, "todo-tui: Missing expected argument '<id>'; see todo-tui --help."),
        Line(
            ["done", "abc", "--store", "{store}"], 64,
            "todo-tui: The id prefix 'abc' is too short; give at least 4 characters "
                + "of the id."),
        Line(["import", "{home}/in.txt", "--store", "{store}"], 0, ""),
        Line(["import", "{home}/in.txt", "--format", "todotxt", "--store", "{store}"], 0, ""),
        Line(
            ["import", "{home}/missing.json", "--store", "{store}"], 66,
            "todo-tui: Cannot read '{home}/missing.json': no such file or directory."),
        Line(
            ["import", "{home}/in.txt", "--format", "bogus", "--store", "{store}"], 64,
            "todo-tui: Unknown format 'bogus'; use one of json, csv, markdown, ics, "
                + "vdir, todotxt, taskwarrior."),
        Line(["import", "{home}/in.txt", "--merge-policy", "overwrite", "--store", "{store}"], 0, ""),
        Line(["help"], 0, ""),
        Line(["help", "list"], 0, ""),
        Line(["help", "add"], 0, ""),
        Line(["help", "sync"], 0, ""),
        Line(["help", "sync", "setup"], 0, ""),
        Line(["help", "nosuch"], 64, "todo-tui: There is no command 'nosuch'; see todo-tui --help for the commands."),
        Line(["--help"], 0, ""),
        Line(["-h"], 0, ""),
        Line(["list", "--help"], 0, ""),
        Line(["--version"], 0, ""),
        Line(["--generate-completion-script", "bash"], 0, ""),
        Line(["--generate-completion-script", "zsh"], 0, ""),
        Line(["--generate-completion-script", "fish"], 0, ""),
        Line(["--bogus", "--store", "{store}"], 64, "todo-tui: Unknown option '--bogus'; see todo-tui --help."),
        Line(["bogus", "--store", "{store}"], 64, "todo-tui: Unexpected argument 'bogus'; see todo-tui --help."),
        Line(["sync", "--store", "{store}"], 78, Self.noAccount),
        Line(["sync", "--yes", "--store", "{store}"], 78, Self.noAccount),
        Line(["sync", "--merge-policy", "error", "--store", "{store}"], 78, Self.noAccount),
        Line(["sync", "--merge-policy", "bogus", "--store", "{store}"], 64, Self.bogusPolicy),
        Line(["sync", "run", "--store", "{store}"], 78, Self.noAccount),
        Line(
            ["sync", "setup", "http://127.0.0.1:1/", "--user", "alice"], 78,
            "todo-tui: No password for user 'alice': give --password-command, set "
                + "TODO_TUI_PASSWORD, or add the server to ~/.netrc."),
        Line(
            ["sync", "setup", "http://127.0.0.1:1/", "--user", "alice", "--collection", "a", "--create", "b"], 64,
            "todo-tui: Give --collection or --create, not both."),
        Line(
            ["sync", "setup", "http://dav.example.org/", "--user", "alice"], 64,
            "todo-tui: http://dav.example.org/ uses plain http to another machine, "
                + "which would send the password unencrypted; use https, or "
                + "--allow-insecure if you accept that."),
        Line(["sync", "setup"], 64, "todo-tui: Missing expected argument '<url>'; see todo-tui --help."),
        // Recorded from the same code, added with the README's sentence on misplaced options.
        Line(
            ["list", "--json", "--demo", "--store", "{store}"], 64,
            "todo-tui: --demo does not apply to list; see todo-tui --help."),
        Line(["--json", "--store", "{store}"], 64, "todo-tui: Unknown option '--json'; see todo-tui --help."),
        Line(
            ["add", "--demo", "--store", "{store}"], 64,
            "todo-tui: Missing expected argument '<text>'; see todo-tui --help."),
        Line(["--filter", "list", "--store", "{store}"], 64, Self.needsTerminal),
        Line(["--filter=milk", "list", "--store", "{store}"], 0, ""),
        Line(["--merge-policy=overwrite", "add", "x", "--store", "{store}"], 0, ""),
        Line(
            ["--store", "{store}", "sync", "setup", "http://127.0.0.1:1/", "--user", "alice"], 78,
            "todo-tui: No password for user 'alice': give --password-command, set TODO_TUI_PASSWORD, or add the "
                + "server to ~/.netrc."),
        Line(["--store={store}", "--filter", "milk", "list"], 0, ""),
        // The configuration: its commands, and --config before or after a command's name.
        Line(["config", "defaults"], 0, ""),
        Line(["config", "check"], 0, ""),
        Line(["config", "keys", "--store", "{store}"], 0, ""),
        Line(["config", "--store", "{store}", "--no-animation"], 0, ""),
        Line(
            ["config", "path"], 0,
            "(the default location, under $XDG_CONFIG_HOME; no file there yet, so the built-in settings are in force; "
                + "todo-tui config defaults prints one)"),
        Line(
            ["--config", "{home}/absent.toml", "list", "--store", "{store}"], 78,
            "todo-tui: {home}/absent.toml:1:1: There is no configuration file here (named by --config); `todo-tui "
                + "config defaults` prints one to start from."),
        Line(
            ["list", "--config", "{home}/absent.toml", "--store", "{store}"], 78,
            "todo-tui: {home}/absent.toml:1:1: There is no configuration file here (named by --config); `todo-tui "
                + "config defaults` prints one to start from."),
        Line(
            ["--config", "{home}/in.txt", "config", "path"], 0, "(named by --config; todo-tui config check checks it)"),
    ]

    @Test("each gives the exit status and first line of standard error it always gave", arguments: lines)
    func commandLine(_ line: Line) throws {
        let sandbox = try CLISandbox()
        var cli = sandbox.cli
        // The sync's account and password come from the sandbox only.
        cli.environment["XDG_CONFIG_HOME"] = sandbox.home.path("config")
        cli.environment["TODO_TUI_PASSWORD"] = nil
        let id = try cli.run("add", "Buy milk", "--date", "tomorrow", "--color", "red", "--store", sandbox.store).stdout
        try #require(id.count > 8)
        try "Buy eggs\n".write(toFile: sandbox.home.path("in.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: sandbox.home.path("vdir"), withIntermediateDirectories: false)
        let fill = { (text: String) in
            text.replacingOccurrences(of: "{store}", with: sandbox.store)
                .replacingOccurrences(of: "{home}", with: sandbox.home.url.path)
                .replacingOccurrences(of: "{id}", with: String(id.prefix(8)))
        }
        let result = try cli.run(line.arguments.map(fill))
        #expect(result.status == line.status, "\(result.stderr)")
        let firstLine = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        #expect(firstLine == fill(line.stderr))
    }
}
