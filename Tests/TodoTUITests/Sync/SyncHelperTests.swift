import Foundation
import Glibc
import Testing
import TodoTestSupport

/// `todo-tui sync` runs its network work in the helper `todo-tui-sync` (the release binaries):
/// the helper ends with the command however the command ends, a missing helper is one sentence,
/// and the list itself links no network library.
@Suite("The sync helper process", .serialized)
struct SyncHelperTests {
    /// A loopback TCP socket that takes connections into its backlog and never answers: a sync
    /// against it waits mid-request (a fault no real server shows on purpose).
    private final class SilentServer {
        let descriptor: Int32
        let port: Int

        init() throws {
            guard let (descriptor, port) = LoopbackListener.open(backlog: 8) else {
                throw CocoaError(.fileWriteUnknown)
            }
            self.descriptor = descriptor
            self.port = port
        }

        deinit { close(descriptor) }
    }

    /// True while `pid` is a live process (not gone, not a zombie).
    private func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    /// A `todo-tui` runner in `home` with an account on the loopback `port` (password "secret").
    private static func runner(home: TemporaryDirectory, accountOn port: Int) throws -> CommandRunner {
        var runner = CommandRunner.todoTUI(home: home.url)
        runner.environment["XDG_CONFIG_HOME"] = home.path("config")
        runner.environment["TODO_TUI_PASSWORD"] = "secret"
        try FileManager.default.createDirectory(atPath: home.path("config/todo-tui"), withIntermediateDirectories: true)
        let account = """
            {"server": "http://127.0.0.1:\(port)/", "user": "me", \
            "collection": "http://127.0.0.1:\(port)/me/tasks/", "allowInsecure": false}
            """
        try account.write(toFile: home.path("config/todo-tui/sync-account.json"), atomically: true, encoding: .utf8)
        return runner
    }

    /// The processor time `pid` has used so far (user and system), from `/proc`; nil once it is gone.
    private func cpuSeconds(of pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // After the name: state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    @Test(
        """
        a server that accepts and never answers: one sentence naming it, exit 69, nothing changed, and no \
        processor time spent waiting
        """
    )
    func silentServer() throws {
        let server = try SilentServer()
        let home = try TemporaryDirectory()
        var runner = try Self.runner(home: home, accountOn: server.port)
        runner.environment["TODO_TUI_SYNC_SILENCE_TIMEOUT"] = "4"
        let store = home.path("todos.json")
        #expect(try runner.run(["--store", store, "add", "kept"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let (process, output, errors) = try runner.start(["--store", store, "sync"])
        // The last reading of each process, the command and its helper, while it lives.
        var used: [pid_t: Double] = [:]
        while process.isRunning {
            for pid in [process.processIdentifier] + ProcessTree.children(of: process.processIdentifier) {
                if let seconds = cpuSeconds(of: pid) { used[pid] = seconds }
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 69)
        #expect(stdout.isEmpty)
        #expect(
            stderr.hasPrefix("todo-tui: http://127.0.0.1:\(server.port) did not answer in time (nothing came for 4 s)"),
            "\(stderr)")
        #expect(stderr.filter { $0 == "\n" }.count == 1, "one line: \(stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(!FileManager.default.fileExists(atPath: store + ".sync.json"))
        #expect(used.count == 2, "the command and its helper were seen: \(used)")
        // A client that spins while it waits spends about the 4 s it waits.
        #expect(used.values.reduce(0, +) < 1, "processor time of the command and its helper: \(used)")
    }

    @Test("a time-out that is no number of seconds is one sentence, exit 64")
    func invalidTimeout() throws {
        let home = try TemporaryDirectory()
        var runner = CommandRunner.todoTUI(home: home.url)
        runner.environment["TODO_TUI_SYNC_CONNECT_TIMEOUT"] = "soon"
        let result = try runner.run(["--store", home.path("todos.json"), "sync"])
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "todo-tui: The environment variable TODO_TUI_SYNC_CONNECT_TIMEOUT is 'soon'; it must be a number "
                + "of seconds from 1 to 600.\n")
    }

    @Test("SIGKILL of todo-tui sync mid-request ends its helper at once")
    func helperDiesWithCommand() throws {
        let binary = try ReleaseBinary.path.get()
        let server = try SilentServer()
        let home = try TemporaryDirectory()
        var runner = try Self.runner(home: home, accountOn: server.port)
        runner.executable = binary

        let (process, _, _) = try runner.start(["--store", home.path("todos.json"), "sync"])
        var helpers: [pid_t] = []
        for _ in 0..<500 where helpers.isEmpty {
            helpers = ProcessTree.children(of: process.processIdentifier)
            usleep(10_000)
        }
        #expect(helpers.count == 1, "todo-tui sync started one helper")
        // Wait until the helper is past its start and blocked on the silent server.
        usleep(300_000)
        #expect(process.isRunning, "the sync waits for the silent server")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var alive = helpers
        for _ in 0..<200 where !alive.isEmpty {
            alive = alive.filter(isAlive)
            usleep(10_000)
        }
        #expect(alive.isEmpty, "the helper ended with the command")
    }

    @Test("without its helper, todo-tui sync says so in one sentence, exit 69, and changes nothing")
    func missingHelper() throws {
        let home = try TemporaryDirectory()
        let lonely = home.path("bin/todo-tui")
        try FileManager.default.createDirectory(atPath: home.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try ReleaseBinary.path.get(), toPath: lonely)
        var runner = CommandRunner.todoTUI(home: home.url)
        runner.executable = lonely
        let store = home.path("todos.json")
        #expect(try runner.run(["--store", store, "add", "keep me"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let result = try runner.run(["--store", store, "sync"])
        #expect(result.status == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("todo-tui: The sync needs its helper todo-tui-sync, which is not installed"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("the helper run by hand refuses in one sentence, exit 64")
    func helperByHand() throws {
        let helper = URL(fileURLWithPath: try ReleaseBinary.path.get()).deletingLastPathComponent()
            .appendingPathComponent("todo-tui-sync").path
        let home = try TemporaryDirectory()
        var runner = CommandRunner.todoTUI(home: home.url)
        runner.executable = helper
        for arguments in [[], ["sync"], ["{\"run\": 3}"], ["a", "b"]] {
            let result = try runner.run(arguments)
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "todo-tui-sync: this is todo-tui's sync helper; run `todo-tui sync` instead.\n")
        }
    }

    @Test("the list, the commands and the exports link no network or XML library")
    func listLinksNoNetwork() throws {
        let libraries = try Self.sharedLibraries(of: try ReleaseBinary.path.get())
        let network = libraries.filter {
            $0.contains("FoundationNetworking") || $0.contains("FoundationXML") || $0.contains("libcurl")
                || $0.contains("libxml2")
        }
        #expect(network.isEmpty, "\(network)")
        // The listing itself works: the release build links the Swift runtime dynamically.
        #expect(libraries.contains { $0.contains("libswiftCore") }, "\(libraries)")
    }

    /// The `NEEDED` entries of an ELF file's dynamic section, as `readelf -d` prints them.
    private static func sharedLibraries(of path: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.map(String.init)
    }
}
