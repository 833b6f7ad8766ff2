import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// todoman with vdirsyncer (the Debian packages) as a third device on two lists: a to-do moved in
/// todoman (a file moved between two vdir folders, which vdirsyncer turns into a DELETE in one
/// calendar and a PUT in the other) arrives moved in todo-tui, and the reverse.
@Suite("todoman and vdirsyncer on two lists", .serialized)
struct SyncListsTodomanTests {
    /// todoman's folders `work` and `home` paired by vdirsyncer with the calendars of those names.
    struct Todoman {
        let folder: TemporaryDirectory
        let environment: [String: String]
        let config: String

        init(server: CalDAVTestServer) throws {
            folder = try TemporaryDirectory()
            for path in ["calendars/work", "calendars/home", "status", "config/todoman"] {
                try FileManager.default.createDirectory(atPath: folder.path(path), withIntermediateDirectories: true)
            }
            let todoman = """
                path = "\(folder.path("calendars"))/*"
                cache_path = "\(folder.path("cache.sqlite3"))"
                date_format = "%Y-%m-%d"
                time_format = "%H:%M"
                default_list = "work"
                default_due = 0
                """
            try todoman.write(toFile: folder.path("config/todoman/config.py"), atomically: true, encoding: .utf8)
            config = folder.path("vdirsyncer.conf")
            let vdirsyncer = """
                [general]
                status_path = "\(folder.path("status"))/"

                [pair lists]
                a = "local"
                b = "remote"
                collections = ["work", "home"]
                conflict_resolution = "b wins"

                [storage local]
                type = "filesystem"
                path = "\(folder.path("calendars"))/"
                fileext = ".ics"

                [storage remote]
                type = "caldav"
                url = "\(server.homeURL.absoluteString)"
                username = "\(server.user)"
                password = "\(server.password)"
                """
            try vdirsyncer.write(toFile: config, atomically: true, encoding: .utf8)
            environment = ["XDG_CONFIG_HOME": folder.path("config"), "HOME": folder.path, "TZ": "UTC"]
            try run("/usr/bin/vdirsyncer", ["-c", config, "discover"])
        }

        func sync() throws {
            try run("/usr/bin/vdirsyncer", ["-c", config, "sync"])
        }

        /// todoman's to-dos: summary → (id, list).
        func todos() throws -> [String: (id: Int, list: String)] {
            let text = try run("/usr/bin/todoman", ["--porcelain", "list"])
            let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
            var todos: [String: (id: Int, list: String)] = [:]
            for entry in array {
                if let summary = entry["summary"] as? String, let id = entry["id"] as? Int,
                    let list = entry["list"] as? String
                {
                    todos[summary] = (id, list)
                }
            }
            return todos
        }

        func move(_ id: Int, to list: String) throws {
            try run("/usr/bin/todoman", ["move", "-l", list, String(id)])
        }

        @discardableResult
        private func run(_ executable: String, _ arguments: [String]) throws -> String {
            try ToolProcess.output(executable, arguments, environment: environment)
        }
    }

    @Test(
        "a to-do moved in todoman arrives moved, and one moved here arrives moved in todoman",
        arguments: CalDAVTestServer.Kind.allCases)
    func moves(kind: CalDAVTestServer.Kind) throws {
        let server = try CalDAVTestServer(kind)
        defer { server.stop() }
        let client = CurlCalDAVClient(server: server)
        let urls = ["work", "home"].map { server.collectionURL($0) }
        try client.makeCalendar(urls[0], name: "Work")
        try client.makeCalendar(urls[1], name: "Home")
        let todoman = try Todoman(server: server)
        let a = try SyncDevice(server: server, collection: urls[0])
        a.collections = urls
        try a.sync()
        try a.add("pay rent", list: "Home")
        // vdirsyncer stops on a folder a sync would empty whole; one to-do stays in each.
        try a.add("water plants", list: "Home")
        try a.add("plan sprint", list: "Work")
        try a.sync()
        try todoman.sync()
        let listed = try #require(try todoman.todos()["pay rent"])
        #expect(listed.list == "home")
        let id = try #require(try a.item("pay rent")).id

        try todoman.move(listed.id, to: "work")
        try todoman.sync()
        let report = try a.sync()
        #expect(report.pulledMoved == 1 && report.pulledDeleted == 0 && report.isComplete, "\(report.summary)")
        let moved = try #require(try a.item("pay rent"))
        #expect(try moved.id == id && moved.listID == a.lists()["Work"]?.id)
        #expect(try client.uids(in: urls[0]).filter { $0 == id.uuidString.lowercased() }.count == 1)
        #expect(try !client.uids(in: urls[1]).contains(id.uuidString.lowercased()))

        try a.move("pay rent", to: "Home")
        #expect(try a.sync().pushedMoved == 1)
        try todoman.sync()
        #expect(try todoman.todos()["pay rent"]?.list == "home")
        #expect(try todoman.todos().count == 3 && a.items().count == 3)
    }
}
