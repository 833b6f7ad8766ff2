import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// `todo-tui --demo`: the sample is built in, and a demo leaves nothing behind (issue 12.1, 12.2).
@Suite("CLI demo")
struct DemoTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.path("tmp"), withIntermediateDirectories: true)
    }

    /// The repository's root, from this file's place in it.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    @Test(
        "the built-in sample equals data/sample.json byte for byte (run scripts/generate-demo-sample after changing it)"
    )
    func embeddedSampleMatchesFile() throws {
        let file = try Data(contentsOf: Self.repositoryRoot.appendingPathComponent("data/sample.json"))
        let embedded = try #require(Data(base64Encoded: DemoSample.base64, options: .ignoreUnknownCharacters))
        #expect(embedded == file)
        #expect(try DemoStore.sampleItems().count > 5)
    }

    /// Everything under the test's HOME, cache and TMPDIR, relative to the test folder.
    func leftovers() throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: home.url.path)
        // tmux's own output lives in `scratch`.
        return names.filter { !$0.hasPrefix("scratch") }.sorted()
    }

    /// A pane running the built binary with HOME, XDG_CACHE_HOME and TMPDIR inside the test folder.
    func paneCommand(_ arguments: [String], environment: [String] = []) -> [String] {
        ["env", "TMPDIR=\(home.path("tmp"))"] + environment + TmuxSession.todoTUICommand(arguments, home: home)
    }

    func startPane(_ arguments: [String], environment: [String] = []) throws -> TmuxSession {
        try FileManager.default.createDirectory(atPath: home.path("scratch"), withIntermediateDirectories: true)
        return try TmuxSession(
            command: paneCommand(arguments, environment: environment), columns: 100, rows: 30,
            scratch: home.path("scratch"))
    }

    @Test(
        "a demo quit with q shows the sample and leaves no folder, store or cache behind",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func demoLeavesNothing() throws {
        let session = try startPane(["--demo"])
        defer { session.kill() }
        let (lines, shown) = try session.waitForPane {
            $0.contains { $0.contains("Renew passport") } || $0.contains { $0.contains("Today") }
        }
        try #require(shown, "the pane shows:\n\(lines.joined(separator: "\n"))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: home.path("tmp")).contains {
                $0.hasPrefix("todo-tui-demo-")
            })
        try session.send("q")
        let (after, ended) = try session.waitForPane { $0.contains("EXITED:0") }
        try #require(ended, "the pane shows:\n\(after.joined(separator: "\n"))")
        #expect(try leftovers() == ["tmp"])
    }

    @Test(
        "a demo that fails after its folder was made removes it too",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func failedDemoLeavesNothing() throws {
        let session = try startPane(["--demo"], environment: ["TODO_TUI_LOCK_TIMEOUT=soon"])
        defer { session.kill() }
        let (lines, ended) = try session.waitForPane { $0.contains("EXITED:64") }
        try #require(ended, "the pane shows:\n\(lines.joined(separator: "\n"))")
        #expect(try leftovers() == ["tmp"])
    }

    @Test(
        "a demo ended by a hang-up of its terminal removes its folder too",
        .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
    )
    func hungUpDemoLeavesNothing() throws {
        let session = try startPane(["--demo"])
        let (lines, shown) = try session.waitForPane { $0.contains { $0.contains("Today") } }
        try #require(shown, "the pane shows:\n\(lines.joined(separator: "\n"))")
        // Ending the tmux server hangs up the pane's terminal: the app gets SIGHUP.
        session.kill()
        // Waits for the process to finish its clean-up (a condition, not a duration).
        var remaining = try leftovers()
        for _ in 0..<100 where remaining != ["tmp"] {
            usleep(50_000)
            remaining = try leftovers()
        }
        #expect(remaining == ["tmp"])
    }
}
