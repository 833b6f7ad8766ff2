import Foundation
import Glibc
import Testing
import TodoCore

@testable import todo_tui

/// `--merge-policy` on the write subcommands and the interactive list (issue 6).
@Suite("CLI --merge-policy")
struct CLIMergePolicyTests {
    let sandbox: CLISandbox
    var cli: CommandRunner { sandbox.cli }
    var store: String { sandbox.store }

    init() throws {
        sandbox = try CLISandbox()
    }

    /// The policy a parsed write command or the root would save with.
    static func parsedPolicy(_ arguments: [String]) throws -> MergePolicy {
        switch try TodoTUICommand.parseAsRoot(arguments) {
        case let command as AddCommand: try command.mergeOptions.policy(or: .error)
        case let command as ImportCommand: try command.mergeOptions.policy(or: .error)
        case let command as EditCommand: try command.item.mergeOptions.policy(or: .error)
        case let command as DoneCommand: try command.item.mergeOptions.policy(or: .error)
        case let command as UndoneCommand: try command.item.mergeOptions.policy(or: .error)
        case let command as DeleteCommand: try command.item.mergeOptions.policy(or: .error)
        case let command as OpenCommand: try command.mergeOptions.policy(or: .mergeByPropertyObjectTrump)
        case let command: throw CLIError.usage("\(type(of: command)) takes no merge policy")
        }
    }

    static let writeCommands: [[String]] = [
        ["add", "Milk"], ["edit", "abcd", "Bread"], ["done", "abcd"], ["undone", "abcd"], ["delete", "abcd"],
        ["import", "todos.csv"],
    ]

    @Test("every write command takes each short name and each Swift case name", arguments: writeCommands)
    func namesOnWriteCommands(command: [String]) throws {
        for policy in MergePolicy.allCases {
            #expect(try Self.parsedPolicy(command + ["--merge-policy", policy.name]) == policy)
            #expect(try Self.parsedPolicy(command + ["--merge-policy", policy.rawValue]) == policy)
        }
    }

    @Test("write commands default to error, the interactive list to object-trump")
    func defaults() throws {
        for command in Self.writeCommands {
            #expect(try Self.parsedPolicy(command) == .error, "\(command)")
        }
        #expect(try Self.parsedPolicy([]) == .mergeByPropertyObjectTrump)
        #expect(try Self.parsedPolicy(["--merge-policy", "rollback"]) == .rollback)
    }

    @Test(
        "an unknown policy is a usage error, exit 64, naming the valid ones, before the store is touched",
        arguments: writeCommands + [["--export", "json"]])
    func unknownPolicy(command: [String]) throws {
        let result = try cli.run(command + ["--merge-policy", "store-wins", "--store", store])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr
                == "todo-tui: Unknown merge policy 'store-wins'; use one of error, store-trump, object-trump, "
                + "overwrite, rollback.\n"
        )
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("the option is in the help of the write commands")
    func help() throws {
        for command in Self.writeCommands {
            let help = try cli.run([command[0], "--help"])
            #expect(help.stdout.contains("--merge-policy <policy>"), "\(command[0])")
        }
    }

    /// What the store did meanwhile in `savedUnderTheCommand`.
    enum Meanwhile: String, CaseIterable, Sendable {
        /// The colour changed: a field the command does not touch.
        case color
        /// The text and colour changed: the text is changed on both sides.
        case textAndColor
    }

    static let expected: [Meanwhile: [MergePolicy: (status: Int32, text: String, color: TodoColor)]] = [
        .color: [
            .error: (75, "Base", .red),
            .mergeByPropertyStoreTrump: (0, "Mine", .red),
            .mergeByPropertyObjectTrump: (0, "Mine", .red),
            .overwrite: (0, "Mine", .default),
            .rollback: (0, "Base", .red),
        ],
        .textAndColor: [
            .error: (75, "Theirs", .red),
            .mergeByPropertyStoreTrump: (0, "Theirs", .red),
            .mergeByPropertyObjectTrump: (0, "Mine", .red),
            .overwrite: (0, "Mine", .default),
            .rollback: (0, "Theirs", .red),
        ],
    ]

    /// A real conflict for the CLI: this test holds the store's lock, so `todo-tui edit` reads the
    /// store and then waits for the lock to save; once it holds the lock file open, this test
    /// changes the store (as the lock's holder may) and lets go, and the command's save meets
    /// the change.
    @Test(
        "todo-tui edit settles a save under another writer by its --merge-policy", arguments: MergePolicy.allCases,
        Meanwhile.allCases)
    func savedUnderTheCommand(policy: MergePolicy, meanwhile: Meanwhile) throws {
        let expected = try #require(Self.expected[meanwhile]?[policy])
        let id = try sandbox.add("Base")
        let lock = open(store + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try #require(lock >= 0)
        defer { close(lock) }
        try #require(flock(lock, LOCK_EX) == 0)

        var patient = cli
        patient.environment["TODO_TUI_LOCK_TIMEOUT"] = "30"
        let (process, _, errors) = try patient.start([
            "edit", id, "Mine", "--merge-policy", policy.name, "--store", store,
        ])
        let waiting = Self.waitUntilOpen(store + ".lock", by: process.processIdentifier)
        if waiting {
            var contents = try JSONStore(path: store).load()
            contents.items[0].text = meanwhile == .textAndColor ? "Theirs" : contents.items[0].text
            contents.items[0].color = .red
            contents.items[0].version += 1
            contents.generation += 1
            try Data(StoreEncoder.encode(contents)).write(to: URL(fileURLWithPath: store))
        }
        flock(lock, LOCK_UN)
        process.waitUntilExit()
        try #require(waiting, "todo-tui never opened the lock file")

        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let item = try #require(try JSONStore(path: store).load().items.first)
        #expect(process.terminationStatus == expected.status, "\(stderr)")
        #expect(item.text == expected.text)
        #expect(item.color == expected.color)
    }

    /// Polls `/proc/PID/fd` until the process has `path` open; false if it ended or 10 s passed.
    static func waitUntilOpen(_ path: String, by pid: Int32) -> Bool {
        let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for _ in 0..<5_000 {
            let folder = "/proc/\(pid)/fd"
            guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
            for descriptor in descriptors
            where (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\(descriptor)")) == wanted {
                return true
            }
            usleep(2_000)
        }
        return false
    }
}
