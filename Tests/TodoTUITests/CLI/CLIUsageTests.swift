import Foundation
import Testing

@testable import todo_tui

/// The parser's own refusals, `help`, `--version`, and the man page (DESIGN §4.4).
@Suite("CLI usage")
struct CLIUsageTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    /// The repository's root, from this file's place in it.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test(
        "the parser's refusals are one sentence prefixed todo-tui:, exit 64, without usage",
        arguments: [
            ["--bogus"], ["add"], ["list", "--nope"], ["done"], ["add", "x", "--color"],
        ])
    func parserErrorsAreOneSentence(arguments: [String]) throws {
        let result = try cli.run(arguments + ["--store", store])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("todo-tui: "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("Error:") && !result.stderr.contains("USAGE"))
    }

    @Test("help with an unknown command is refused; help with a known one prints its help")
    func helpTopics() throws {
        let unknown = try cli.run("help", "nosuch")
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "todo-tui: There is no command 'nosuch'; see todo-tui --help for the commands.\n")
        let known = try cli.run("help", "list")
        #expect(known.status == 0)
        #expect(known.stdout.contains("--json"))
    }

    @Test("--version prints the one version constant")
    func version() throws {
        let result = try cli.run("--version")
        #expect(result.status == 0)
        #expect(result.stdout == TodoTUIVersion.current + "\n")
    }

    @Test("the man page names every subcommand and root option, and the version")
    func manPageNamesEverything() throws {
        let page = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("data/todo-tui.1"), encoding: .utf8)
        let dump = try cli.run("--experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let command = try #require(root["command"] as? [String: Any])
        let subcommands = try #require(command["subcommands"] as? [[String: Any]]).compactMap {
            $0["commandName"] as? String
        }
        #expect(subcommands.count >= 8)
        for name in subcommands {
            #expect(
                page.contains(".BI \(name) ") || page.contains(".BR \(name) ") || page.contains(".BI \(name)\n"),
                "no command \(name)")
        }
        let arguments = try #require(command["arguments"] as? [[String: Any]])
        let options = arguments.flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        #expect(options.contains("store") && options.contains("version"))
        for option in options + ["generate-completion-script"] {
            let roff = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
            #expect(page.contains(roff), "no option --\(option)")
        }
        #expect(page.contains("\"todo-tui \(TodoTUIVersion.current)\""))
        // Each subcommand's own options too (add's and edit's --priority, --tag, --untag, --note).
        let subcommandOptions = try #require(command["subcommands"] as? [[String: Any]])
            .flatMap { ($0["arguments"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        #expect(subcommandOptions.contains("priority") && subcommandOptions.contains("untag"))
        for option in Set(subcommandOptions) {
            let roff = "\\-\\-" + option.replacingOccurrences(of: "-", with: "\\-")
            #expect(page.contains(roff), "no option --\(option)")
        }
    }

    @Test("the man page renders without warnings where groff is installed")
    func manPageRenders() throws {
        let groff = "/usr/bin/groff"
        guard FileManager.default.isExecutableFile(atPath: groff) else { return }
        let runner = CommandRunner(executable: groff, environment: ProcessInfo.processInfo.environment)
        let result = try runner.run(
            "-man", "-Tutf8", "-ww", "-z", Self.repositoryRoot.appendingPathComponent("data/todo-tui.1").path)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test("the --date help of add and edit names the time forms", arguments: ["add", "edit"])
    func dateHelpNamesTimes(command: String) throws {
        let help = try cli.run("help", command).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("tomorrow 9:00"), "\(help)")
        #expect(help.contains("9am"))
        #expect(help.contains("2025-01-31T09:30"))
    }

    @Test("list shows an item's time of day before its text")
    func listShowsTime() throws {
        let id = try cli.run("add", "Dentist", "--date", "2030-05-06T09:30", "--store", store).stdout.prefix(8)
        let list = try cli.run("list", "--store", store)
        #expect(list.stdout.contains("  \(id) [ ] 09:30 Dentist\n"), "\(list.stdout)")
    }
}
