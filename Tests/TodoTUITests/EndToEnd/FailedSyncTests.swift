import Foundation
import Testing
import TodoTestSupport

/// Issue 13.4: when the journal's fsync (or, for a new journal, its folder's) fails, the save
/// fails and leaves the store exactly as before, so a retry does not duplicate the item. The
/// failure is injected with strace into the debug binary.
@Suite("Failed syncs", .enabled(if: Strace.works, "strace is missing or ptrace is refused in this sandbox"))
struct FailedSyncTests {
    let home: TemporaryDirectory
    let runner: CommandRunner
    let store: String

    init() throws {
        home = try TemporaryDirectory()
        runner = CommandRunner.todoTUI(home: home.url)
        store = home.path("todos.json")
    }

    /// Runs `todo-tui --store <store> arguments` under strace, failing the first fsync on
    /// `tracedPath` with EIO.
    func runFailingSync(on tracedPath: String, _ arguments: [String]) throws -> CommandRunner.Result {
        let strace = CommandRunner(executable: Strace.path, environment: runner.environment)
        return try strace.run(
            [
                "-f", "-o", "/dev/null", "-P", tracedPath, "-e", "trace=fsync", "-e", "inject=fsync:error=EIO:when=1",
                runner.executable, "--store", store,
            ] + arguments)
    }

    func texts() throws -> [String] {
        let result = try runner.run("--store", store, "list", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let items = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return items.compactMap { $0["text"] as? String }.sorted()
    }

    @Test(
        """
        a failed fsync of the journal: exit 74 saying nothing was saved, the store unchanged, a retry adds the item \
        once
        """
    )
    func journalSyncFails() throws {
        #expect(try runner.run("--store", store, "add", "first").status == 0)
        let before = try fileBytesOf(store)
        let failed = try runFailingSync(on: store + ".journal", ["add", "second"])
        #expect(failed.status == 74)
        #expect(
            failed.stderr.contains("Could not sync") && failed.stderr.contains("nothing was saved"), "\(failed.stderr)")
        #expect(try texts() == ["first"], "the failed save left nothing behind")
        #expect(try fileBytesOf(store) == before)
        #expect(try runner.run("--store", store, "add", "second").status == 0)
        #expect(try texts() == ["first", "second"], "the retry adds the item once")
    }

    @Test("a failed fsync of the folder when the journal is created: the new journal goes, nothing is saved")
    func folderSyncFails() throws {
        #expect(try runner.run("--store", store, "add", "first").status == 0)
        let failed = try runFailingSync(on: home.url.path, ["add", "second"])
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("nothing was saved"), "\(failed.stderr)")
        #expect(try texts() == ["first"])
        #expect(try runner.run("--store", store, "add", "second").status == 0)
        #expect(try texts() == ["first", "second"])
    }

    private func fileBytesOf(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
