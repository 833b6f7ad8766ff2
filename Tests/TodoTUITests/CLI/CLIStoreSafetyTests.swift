import Foundation
import Glibc
import Testing

/// Corrupt stores, lock contention and concurrent writers through the built binary (issue 2).
@Suite("CLI store safety")
struct CLIStoreSafetyTests: CLISandboxSuite {
    let sandbox: CLISandbox

    init() throws {
        sandbox = try CLISandbox()
    }

    static let validItem = """
        {"color": "default", "createdAt": "2025-01-01T00:00:00.000Z", "date": "2025-01-01T00:00:00.000Z", "id": \
        "ABCD0000-0000-4000-8000-000000000001", "isDone": false, "modifiedAt": "2025-01-01T00:00:00.000Z", "text": \
        "First", "version": 1}
        """

    static func storeText(items: String, version: String = "1") -> String {
        "{\n  \"format\": \"todo-tui\",\n  \"generation\": 1,\n  \"items\": [\n    \(items)\n  ],\n  \"version\": "
            + "\(version)\n}\n"
    }

    @Test(
        "a corrupt store is refused with exit 65, naming the file and position, and stays byte-for-byte unchanged",
        arguments: [
            ("truncated", Array(storeText(items: validItem).utf8.prefix(120))),
            (
                "wrong type",
                Array(
                    storeText(
                        items: validItem.replacingOccurrences(of: "\"isDone\": false", with: "\"isDone\": \"no\"")
                    ).utf8)
            ),
            ("trailing garbage", Array((storeText(items: validItem) + "garbage").utf8)),
            ("duplicate id", Array(storeText(items: validItem + ",\n    " + validItem).utf8)),
            ("newer version", Array(storeText(items: validItem, version: "3").utf8)),
            ("version-2 item without hasTime", Array(storeText(items: validItem, version: "2").utf8)),
            (
                "invalid UTF-8",
                Array(storeText(items: validItem).utf8.prefix(200)) + [0xFF, 0xFE]
                    + Array(storeText(items: validItem).utf8.dropFirst(200))
            ),
            ("empty file", []),
        ])
    func corruptStore(name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: store))
        for arguments in [["list"], ["add", "New"], ["done", "abcd"]] {
            let result = try cli.run(arguments + ["--store", store])
            #expect(result.status == 65, "\(name) \(arguments): \(result.stderr)")
            #expect(result.stderr.contains(store), "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("todo-tui: "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == Data(bytes), "\(name): file changed")
        }
    }

    @Test("a directory where the store should be is an I/O error, exit 74")
    func directoryAsStore() throws {
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        let result = try cli.run("add", "New", "--store", store)
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains(store))
    }

    @Test("a store folder that cannot be created is exit 73")
    func cannotCreate() throws {
        // /proc refuses new folders even to root, which ignores permission bits.
        let result = try cli.run("add", "New", "--store", "/proc/todo-tui-test/todos.json")
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("/proc/todo-tui-test"))
    }

    @Test("a store path under a file is an I/O error, exit 74, naming the path")
    func pathUnderAFile() throws {
        let blocker = home.path("blocker")
        try Data("not a folder".utf8).write(to: URL(fileURLWithPath: blocker))
        let result = try cli.run("add", "New", "--store", blocker + "/sub/todos.json")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("blocker/sub/todos.json: Not a directory"))
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a folder")
    }

    @Test("a lock held too long by another process ends in exit 75 naming the holder")
    func lockBusy() throws {
        _ = try cli.run("add", "First", "--store", store)
        let lock = open(store + ".lock", O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        let pid = "\(getpid())"
        _ = ftruncate(lock, 0)
        _ = pid.withCString { write(lock, $0, strlen($0)) }

        var impatient = cli
        impatient.environment["TODO_TUI_LOCK_TIMEOUT"] = "0.3"
        let result = try impatient.run("add", "Second", "--store", store)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains(pid))
        #expect(!(try String(contentsOfFile: store, encoding: .utf8).contains("Second")))
    }

    @Test("4 processes adding 50 items each at once end with exactly 200 distinct items")
    func concurrentWriters() throws {
        let script = """
            for i in $(seq 1 50); do "$TODO" add "writer $W item $i" --store "$STORE" >/dev/null || exit 1; done
            """
        var processes: [Process] = []
        for writer in 1...4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            var environment = cli.environment
            environment["TODO"] = cli.executable
            environment["STORE"] = store
            environment["W"] = "\(writer)"
            environment["TODO_TUI_LOCK_TIMEOUT"] = "30"
            process.environment = environment
            try process.run()
            processes.append(process)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let json = try cli.run("list", "--json", "--store", store)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let texts = items.compactMap { $0["text"] as? String }
        #expect(items.count == 200)
        #expect(Set(texts).count == 200)
        #expect(Set(items.compactMap { $0["id"] as? String }).count == 200)
        for writer in 1...4 {
            #expect(texts.filter { $0.hasPrefix("writer \(writer) ") }.count == 50)
        }
    }
}
