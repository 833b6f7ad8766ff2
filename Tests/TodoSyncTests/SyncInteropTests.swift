import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// vdirsyncer and todoman (the Debian packages) as a third device on the same server: what
/// todoman makes appears in todo-tui, and the reverse.
@Suite("vdirsyncer and todoman as a third device", .serialized)
struct SyncInteropTests {
    /// A vdirsyncer pair between a todoman list folder and the collection.
    struct Vdirsyncer {
        let config: String
        let todoman: TodomanFolder

        init(in folder: TemporaryDirectory, server: CalDAVTestServer, collection: URL) throws {
            todoman = try TodomanFolder(in: folder.path("todoman"))
            try FileManager.default.createDirectory(atPath: folder.path("status"), withIntermediateDirectories: true)
            config = folder.path("vdirsyncer.conf")
            let text = VdirsyncerPair.configuration(
                statusFolder: folder.path("status"), vdir: todoman.list, collection: collection, server: server,
                conflictResolution: "b wins")
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            try run("/usr/bin/vdirsyncer", ["-c", config, "discover"])
        }

        func sync() throws {
            try run("/usr/bin/vdirsyncer", ["-c", config, "sync"])
        }

        /// todoman with `arguments`; `list` in its JSON form (`--porcelain`, which also reads
        /// `--priority` as a number, so other commands go without it).
        @discardableResult
        func todo(_ arguments: [String]) throws -> String {
            try run("/usr/bin/todoman", (arguments.first == "list" ? ["--porcelain"] : []) + arguments)
        }

        @discardableResult
        private func run(_ executable: String, _ arguments: [String]) throws -> String {
            try ToolProcess.output(executable, arguments, environment: todoman.environment)
        }
    }

    @Test("an item made in todoman reaches todo-tui, and the reverse", arguments: CalDAVTestServer.Kind.allCases)
    func bothWays(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let third = try Vdirsyncer(in: folder, server: server, collection: collection)
        let a = try SyncDevice(server: server, collection: collection)

        try a.add("from todo-tui", priority: .high, tags: ["work"])
        try a.sync()
        try third.sync()
        let listed = try third.todo(["list"])
        #expect(listed.contains("from todo-tui"), "\(listed)")
        let porcelain = try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]]
        #expect(porcelain?.first?["priority"] as? Int == 1)

        try third.todo(["new", "-l", "todos", "--priority", "low", "from todoman"])
        try third.sync()
        try a.sync()
        let item = try #require(try a.item("from todoman"))
        #expect(item.priority == .low)
        #expect(item.date == nil, "todoman's undated to-do stays undated")

        // An edit in todoman reaches todo-tui; an edit in todo-tui reaches todoman.
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(try third.todo(["list"]).utf8)) as? [[String: Any]])?
                .first { $0["summary"] as? String == "from todoman" }?["id"] as? Int)
        try third.todo(["done", String(id)])
        try third.sync()
        try a.sync()
        #expect(try a.item("from todoman")?.isDone == true)
        try a.edit("from todo-tui") { $0.text = "from todo-tui, renamed" }
        try a.sync()
        try third.sync()
        #expect(try third.todo(["list"]).contains("from todo-tui, renamed"))
        #expect(try a.client.listTodos(collection).count == 2)
    }
}
