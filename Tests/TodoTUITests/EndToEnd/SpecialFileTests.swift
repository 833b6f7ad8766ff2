import Foundation
import Glibc
import Testing
import TodoTestSupport

/// Issue 13.5: a FIFO or a device where the store, its journal or an import file should be is
/// refused with one sentence before a byte is read, through the debug binary. Each run has a
/// deadline, so a regression (a hang) fails the test instead of hanging the suite.
@Suite("Special files")
struct SpecialFileTests {
    let home: TemporaryDirectory
    let runner: CommandRunner

    init() throws {
        home = try TemporaryDirectory()
        runner = CommandRunner.todoTUI(home: home.url)
    }

    /// How long a run may take before it counts as hung: far beyond a refusal's milliseconds.
    static let deadline: Duration = .seconds(30)

    /// Runs `arguments`, killing the process if it outlives `deadline`; nil when it had to be
    /// killed.
    func runWithDeadline(_ arguments: [String]) throws -> CommandRunner.Result? {
        let (process, out, err) = try runner.start(arguments)
        let clock = ContinuousClock()
        let end = clock.now + Self.deadline
        while process.isRunning, clock.now < end {
            usleep(10_000)
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return CommandRunner.Result(
            status: process.terminationStatus,
            stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
            stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }

    /// Expects `arguments` to finish in time with `status` and one sentence naming `path` and
    /// `kind` on standard error.
    func expectRefused(_ arguments: [String], status: Int32, path: String, kind: String) throws {
        let result = try #require(try runWithDeadline(arguments), "\(arguments) hung")
        #expect(result.status == status, "\(arguments)")
        let message = result.stderr.trimmingCharacters(in: .newlines)
        #expect(message.contains(path) && message.contains(kind), "\(arguments): \(message)")
        #expect(!message.contains("\n") && message.hasSuffix("."), "\(arguments): not one sentence: \(message)")
    }

    @Test("a FIFO as the store: list, add and --export are refused at once, naming the FIFO")
    func fifoStore() throws {
        let store = home.path("todos.json")
        try #require(mkfifo(store, 0o600) == 0)
        for arguments in [["list"], ["add", "x"], ["--export", "json"], ["--export", "csv"]] {
            try expectRefused(["--store", store] + arguments, status: 74, path: store, kind: "named pipe (FIFO)")
        }
    }

    @Test("a FIFO as the journal: list and add are refused at once, naming the journal")
    func fifoJournal() throws {
        let store = home.path("todos.json")
        try #require(mkfifo(store + ".journal", 0o600) == 0)
        for arguments in [["list"], ["add", "x"]] {
            try expectRefused(
                ["--store", store] + arguments, status: 74, path: store + ".journal", kind: "named pipe (FIFO)")
        }
        #expect(!FileManager.default.fileExists(atPath: store), "nothing was saved")
    }

    @Test("/dev/zero as the store is refused instead of read until memory runs out")
    func deviceStore() throws {
        for arguments in [["list"], ["add", "x"]] {
            try expectRefused(
                ["--store", "/dev/zero"] + arguments, status: 74, path: "/dev/zero", kind: "character device")
        }
    }

    @Test("a FIFO or /dev/zero to import is refused before reading")
    func specialImport() throws {
        let store = home.path("todos.json")
        let fifo = home.path("in.csv")
        try #require(mkfifo(fifo, 0o600) == 0)
        try expectRefused(["--store", store, "import", fifo], status: 66, path: fifo, kind: "named pipe (FIFO)")
        try expectRefused(
            ["--store", store, "import", "/dev/zero", "--format", "csv"], status: 66, path: "/dev/zero",
            kind: "character device")
    }
}
