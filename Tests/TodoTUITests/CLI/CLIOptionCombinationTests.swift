import Foundation
import Testing

/// Root options that would be silently ignored are refused with one sentence (issue 12.4).
@Suite("CLI option combinations")
struct CLIOptionCombinationTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    @Test(
        "a meaningless combination is refused, exit 64, one sentence naming the option, nothing written",
        arguments: [
            (["--export", "markdown", "add", "foo"], "--export"),
            (["--output", "out.md"], "--output"),
            (["--output", "out.md", "add", "foo"], "--output"),
            (["--filter", "milk", "add", "foo"], "--filter"),
            (["done", "abcd", "--export", "json"], "--export"),
            (["--export", "json", "--demo"], "--demo"),
            (["--export", "json", "--no-animation"], "--no-animation"),
            (["--export", "json", "--merge-policy", "overwrite"], "--merge-policy"),
            (["--demo", "--store", "other.json"], "--demo"),
            (["import", "x.json", "--no-animation"], "--no-animation"),
            (["list", "--output", "out.md"], "--output"),
        ])
    func refused(arguments: [String], option: String) throws {
        let result = try cli.run(arguments + ["--store", store])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("todo-tui: \(option) "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(!FileManager.default.fileExists(atPath: home.path("out.md")))
    }

    @Test("the combinations that mean something still work")
    func meaningfulCombinations() throws {
        _ = try sandbox.add("Buy milk")
        _ = try sandbox.add("Call Ana")
        let exported = try cli.run(
            "--export", "markdown", "--filter", "milk", "--output", home.path("out.md"), "--store", store)
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: home.path("out.md"), encoding: .utf8)
        #expect(text.contains("Buy milk") && !text.contains("Call Ana"))
        let listed = try cli.run("--filter", "milk", "list", "--store", store)
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("Buy milk") && !listed.stdout.contains("Call Ana"))
        #expect(try cli.run("add", "x", "--merge-policy", "overwrite", "--store", store).status == 0)
    }

    @Test("a bad --filter for the interactive list is refused before the terminal is needed")
    func badInteractiveFilter() throws {
        let result = try cli.run("--filter", "color:mauve", "--store", store)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("todo-tui: Unknown colour 'mauve'"), "\(result.stderr)")
    }

    @Test(
        "--filter opens the interactive list filtered, through the app's live filter",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func interactiveFilter() throws {
        _ = try sandbox.add("Buy milk")
        _ = try sandbox.add("Call Ana")
        let session = try TmuxSession(
            command: TmuxSession.todoTUICommand(["--filter", "milk", "--store", store], home: home),
            columns: 80, rows: 20, scratch: home.url.path
        )
        defer { session.kill() }
        let (lines, matched) = try session.waitForPane { lines in
            lines.contains { $0.contains("matching milk") } && lines.contains { $0.contains("Buy milk") }
        }
        try #require(matched, "the pane shows:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("Call Ana") })
        try session.send("Escape")
        let (cleared, shown) = try session.waitForPane { $0.contains { $0.contains("Call Ana") } }
        #expect(shown, "Esc clears the filter; the pane shows:\n\(cleared.joined(separator: "\n"))")
    }
}
