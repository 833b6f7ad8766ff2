import Foundation
import Testing
import TodoTestSupport

@testable import todo_tui

/// The docs check: every command line README.md and docs/*.md show (`DocsCommand`) is run on a
/// scratch store holding the demo's list and exits as the document says, or, where it is marked
/// as not runnable here, is read by the CLI's own parser, so an unknown option or command fails
/// it either way; and every relative link between the documents names a file that exists.
@Suite("Docs command lines")
struct DocsCommandTests {
    /// The documents checked, from the repository's root: README.md and every docs/*.md.
    static let documents: [String] = {
        let docs = CLIUsageTests.repositoryRoot.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    /// The example id the documents use (`todo-tui done 3f2a`): any prefix of it of 4 or more
    /// characters stands for the demo's "Buy milk".
    static let exampleID = "3f2a9c1e-5b1d-4c1e-9a63-0d2e7f1b8c44"

    static func text(of document: String) throws -> String {
        try String(contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
    }

    @Test("the documents are README.md and docs/, and show enough command lines for the check to mean something")
    func documentsAreFound() throws {
        #expect(Self.documents.contains("docs/guide.md"))
        let commands = try Self.documents.flatMap {
            try DocsCommand.extract(from: Self.text(of: $0), file: $0).commands
        }
        #expect(commands.count >= 20, "\(commands.count) command lines found")
        #expect(commands.contains { $0.expectation != .exit(0) })
    }

    @Test(
        "every command line of a document exits as it says, or is marked not runnable and parses", arguments: documents)
    func commandLines(document: String) throws {
        let extract = DocsCommand.extract(from: try Self.text(of: document), file: document)
        #expect(extract.problems.isEmpty, "\(extract.problems)")
        let sandbox = try CLISandbox()
        let store = sandbox.home.path("data/todo-tui/todos.json")
        try FileManager.default.createDirectory(
            atPath: sandbox.home.path("data/todo-tui"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: CLIUsageTests.repositoryRoot.appendingPathComponent("data/sample.json").path, toPath: store)
        let buyMilk = try Self.demoID(of: "Buy milk")
        for command in extract.commands {
            let arguments = command.arguments.map { Self.resolved($0, home: sandbox.home.path, exampleID: buyMilk) }
            switch command.expectation {
            case .notRun:
                #expect(Self.parseFailure(arguments) == nil, "\(command.testDescription)")
            case .exit(let status):
                let result = try Self.run(command, arguments: arguments, in: sandbox)
                #expect(
                    result.status == status,
                    "\(command.testDescription) exited \(result.status), not \(status): \(result.stderr)")
            }
        }
    }

    @Test("every relative link between the documents names a file that exists", arguments: documents)
    func relativeLinks(document: String) throws {
        let folder = CLIUsageTests.repositoryRoot.appendingPathComponent(document).deletingLastPathComponent()
        for target in Self.relativeLinks(in: try Self.text(of: document)) {
            let path = folder.appendingPathComponent(target).standardizedFileURL.path
            #expect(
                FileManager.default.fileExists(atPath: path), "\(document) links to \(target), which does not exist")
        }
    }

    @Test("the check reads what a document shows: markers, continuations, quotes, redirections and comments")
    func extraction() throws {
        let text = """
            <!-- docs-check: not run (opens the interactive list) -->
            ```sh
            swift run todo-tui --demo   # build, then open the list
            swift test
            ```
            <!-- docs-check: exit 64 -->
            ```console
            $ todo-tui list --filter "color:mauve \\"x\\"" \\
                --json | jq '.[].text'
            Tomorrow
            ```
            ```sh
            todo-tui --export ics > ~/todos.ics; calcurse -i todos.ics
            todo-tui import 'a b.ics' < in.txt
            ```
            """
        let extract = DocsCommand.extract(from: text, file: "x.md")
        #expect(extract.problems.isEmpty)
        #expect(
            extract.commands.map(\.arguments) == [
                ["--demo"], ["list", "--filter", "color:mauve \"x\"", "--json"], ["--export", "ics"],
                ["import", "a b.ics"],
            ])
        #expect(
            extract.commands.map(\.expectation) == [
                .notRun(reason: "opens the interactive list"), .exit(64), .exit(0), .exit(0),
            ])
        #expect(extract.commands.map(\.line) == [3, 8, 13, 14])
        #expect(extract.commands[2].output == "~/todos.ics")
        #expect(extract.commands[3].input == "in.txt")
    }

    @Test("a marker the check does not know, a marker without a block, or an expansion is a problem, not a pass")
    func problems() {
        let text = """
            <!-- docs-check: skip -->
            ```sh
            todo-tui list --filter $WORD
            ```
            <!-- docs-check: exit 64 -->
            Some text.
            """
        #expect(DocsCommand.extract(from: text, file: "x.md").problems.count == 3)
    }

    @Test("a line the parser refuses fails the check; one it reads passes")
    func parserReadsNotRunLines() {
        #expect(Self.parseFailure(["--demo"]) == nil)
        #expect(Self.parseFailure(["sync", "setup", "https://example.org/dav", "--user", "alice"]) == nil)
        #expect(Self.parseFailure(["--demo", "--bogus"]) != nil)
        #expect(Self.parseFailure(["frobnicate"]) != nil)
        #expect(Self.parseFailure(["help", "frobnicate"]) != nil)
    }

    // MARK: - Helpers

    /// The id of the demo list's to-do with `text`.
    static func demoID(of text: String) throws -> String {
        let data = try Data(contentsOf: CLIUsageTests.repositoryRoot.appendingPathComponent("data/sample.json"))
        let store = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = try #require(store["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["text"] as? String == text })
        return try #require(item["id"] as? String)
    }

    /// `word` with a leading `~/` made the sandbox's home and the documents' example id made `id`.
    static func resolved(_ word: String, home: String, exampleID id: String) -> String {
        if word.count >= 4, Self.exampleID.hasPrefix(word.lowercased()) { return id }
        if word == "~" { return home }
        if word.hasPrefix("~/") { return home + word.dropFirst() }
        return word
    }

    /// Why the CLI's parser refuses `arguments`, or nil when it reads them (help, a version or
    /// a completion script asked for count as read).
    static func parseFailure(_ arguments: [String]) -> String? {
        if let unknown = ParseFailure.unknownHelpTopic(in: arguments) { return unknown.description }
        do {
            _ = try CommandLineModel.parse(arguments)
            return nil
        } catch {
            return TodoTUICommand.exitCode(for: error) == .success ? nil : TodoTUICommand.message(for: error)
        }
    }

    /// Runs `command` with `arguments` in the sandbox's home, its redirections made (the folder
    /// a `>` writes into created first, as a reader's would exist).
    static func run(_ command: DocsCommand, arguments: [String], in sandbox: CLISandbox) throws -> CommandRunner.Result
    {
        let home = sandbox.home.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sandbox.cli.executable)
        process.arguments = arguments
        process.environment = sandbox.cli.environment
        process.currentDirectoryURL = sandbox.home.url
        if let output = command.output.map({ resolved($0, home: home, exampleID: "") }) {
            let url = URL(fileURLWithPath: output, relativeTo: sandbox.home.url)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: url.path, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: url)
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        if let input = command.input.map({ resolved($0, home: home, exampleID: "") }) {
            process.standardInput = try FileHandle(
                forReadingFrom: URL(fileURLWithPath: input, relativeTo: sandbox.home.url))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandRunner.Result(
            status: process.terminationStatus, stdout: "", stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// The targets of the Markdown links in `text` outside code blocks that name a file of the
    /// repository (no scheme, not an anchor of the same page), without their `#anchor`.
    static func relativeLinks(in text: String) -> [String] {
        var targets: [String] = []
        var inBlock = false
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inBlock.toggle() }
            guard !inBlock else { continue }
            var rest = line[...]
            while let open = rest.range(of: "]("), let close = rest[open.upperBound...].firstIndex(of: ")") {
                let target = rest[open.upperBound..<close]
                rest = rest[rest.index(after: close)...]
                guard !target.isEmpty, !target.hasPrefix("#"), !target.contains("://"), !target.hasPrefix("mailto:"),
                    let path = target.split(separator: "#").first
                else { continue }
                targets.append(String(path))
            }
        }
        return targets
    }
}
