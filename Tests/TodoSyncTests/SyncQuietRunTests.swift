import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// A run after which both sides agree records the store's generation, so that the next run with
/// neither side changed asks the server one question and touches no file; anything changed on
/// either side since still goes through the whole run.
@Suite("Quiet sync runs", .serialized)
struct SyncQuietRunTests {
    /// A device holding `texts`, synced until it has nothing to do.
    private func settledDevice(_ texts: [String]) throws -> (CalDAVTestServer, SyncDevice) {
        let (server, collection) = try makeServer(.radicale)
        let a = try SyncDevice(server: server, collection: collection)
        for text in texts { try a.add(text) }
        try a.sync()
        // The second run learns the server's token after our own PUTs and finds all agreed.
        try a.sync()
        return (server, a)
    }

    @Test("with nothing changed on either side, the run sends one request and writes no file")
    func quiet() throws {
        let (server, a) = try settledDevice(["one", "two"])
        defer { server.stop() }
        let state = SyncStateFile(storePath: a.storePath)
        let header = try #require(state.loadHeader())
        #expect(header.storeGeneration != nil, "the settled run recorded the store's generation")
        let files = [a.storePath, state.path]
        let before = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let bytes = try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let hook = HookTransport(a.transport)
        a.transport = hook
        let report = try a.sync()
        #expect(report.remoteUnchanged && report.summary == "In sync; nothing changed.")
        #expect(hook.requests.map(\.method) == ["PROPFIND"])
        #expect(try files.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == bytes)
        #expect(
            try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date } == before
        )
    }

    @Test("a local edit after a settled run still goes out, and one on the server still comes in")
    func changesAfterQuiet() throws {
        let (server, a) = try settledDevice(["one", "two"])
        defer { server.stop() }
        try a.edit("one") { $0.notes = "local" }
        #expect(try a.sync().pushedChanged == 1)
        let b = try SyncDevice(server: server, collection: a.collection)
        try b.sync()
        try a.sync()
        try a.sync()
        #expect(try SyncStateFile(storePath: a.storePath).loadHeader()?.storeGeneration != nil)
        try b.edit("two") { $0.notes = "remote" }
        try b.sync()
        #expect(try a.sync().pulledChanged == 1)
        #expect(try a.item("two")?.notes == "remote")
    }

    @Test("a run that brought a change from the server leaves both sides agreed: the next run sends one request")
    func quietAfterPull() throws {
        let (server, a) = try settledDevice(["one", "two"])
        defer { server.stop() }
        let b = try SyncDevice(server: server, collection: a.collection)
        try b.sync()
        try b.edit("two") { $0.notes = "remote" }
        try b.sync()
        #expect(try a.sync().pulledChanged == 1)
        let header = try #require(SyncStateFile(storePath: a.storePath).loadHeader())
        #expect(header.storeGeneration == (try JSONStore(path: a.storePath).currentGeneration()))

        let files = [a.storePath, SyncStateFile(storePath: a.storePath).path]
        let before = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let hook = HookTransport(a.transport)
        a.transport = hook
        let report = try a.sync()
        #expect(report.remoteUnchanged && report.summary == "In sync; nothing changed.")
        #expect(hook.requests.map(\.method) == ["PROPFIND"])
        #expect(
            try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
                == before,
            "the quiet run wrote no file")

        // A local edit after it still goes out.
        a.transport = hook.inner
        try a.edit("one") { $0.notes = "local" }
        #expect(try a.sync().pushedChanged == 1)
        try b.sync()
        #expect(try b.item("one")?.notes == "local")
    }

    @Test("a state file an older todo-tui wrote, without the header line, is read and then rewritten with it")
    func olderStateFile() throws {
        let (server, a) = try settledDevice(["one", "two"])
        defer { server.stop() }
        let file = SyncStateFile(storePath: a.storePath)
        var state = try #require(try file.load())
        #expect(state.records.count == 2)
        state.storeGeneration = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(state).write(to: URL(fileURLWithPath: file.path))
        #expect(file.loadHeader() == nil)
        #expect(try file.load() == state)
        let report = try a.sync()
        #expect(report.summary == "In sync; nothing changed.")
        #expect(try file.load()?.records == state.records)
        #expect(file.loadHeader()?.storeGeneration != nil)
    }
}
