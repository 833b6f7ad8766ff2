import Foundation
import Testing

/// The man page against the parser's model, the other way round from `CLIUsageTests`: it names
/// no command or option the parser does not know.
@Suite("CLI man page")
struct CLIManPageTests {
    /// The long option names of a command in `--experimental-dump-help`'s model, and of those
    /// below it.
    static func options(of command: [String: Any]) -> Set<String> {
        let own = ((command["arguments"] as? [[String: Any]]) ?? []).flatMap { ($0["names"] as? [[String: Any]]) ?? [] }
            .filter { $0["kind"] as? String == "long" }.compactMap { $0["name"] as? String }
        let below = ((command["subcommands"] as? [[String: Any]]) ?? []).flatMap { options(of: $0) }
        return Set(own + below)
    }

    @Test("every option the man page names is one the parser knows")
    func noStaleOption() throws {
        let page = try String(
            contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent("data/todo-tui.1"), encoding: .utf8)
        let sandbox = try CLISandbox()
        let dump = try sandbox.cli.run("--experimental-dump-help")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let known = Self.options(of: try #require(root["command"] as? [String: Any]))
        let named = try Regex(#"\\-\\-([a-z]+(?:\\-[a-z]+)*)"#)
        var count = 0
        for match in page.matches(of: named) {
            let name = String(page[match.range]).replacingOccurrences(of: "\\-", with: "-").dropFirst(2)
            count += 1
            #expect(known.contains(String(name)) || name == "generate-completion-script", "--\(name)")
        }
        #expect(count > 20)
    }

    @Test("every command the man page describes is one the parser knows")
    func noStaleCommand() throws {
        let page = try String(
            contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent("data/todo-tui.1"), encoding: .utf8)
        let sandbox = try CLISandbox()
        let help = try sandbox.cli.run("--help").stdout
        let described =
            page.components(separatedBy: "\n.SH COMMANDS\n").dropFirst().first?
            .components(separatedBy: "\n.SH ").first?.components(separatedBy: ".TP\n").dropFirst()
            .compactMap { $0.split(separator: " ").dropFirst().first?.trimmingCharacters(in: ["\""]) } ?? []
        #expect(described.count >= 10)
        for name in described where name != "help" {
            #expect(help.contains("\n  \(name) "), "\(name)")
        }
    }
}
