import Foundation
import TodoTestSupport

/// The `sync` group: `todo-tui sync` against a local Radicale (started on a free loopback port),
/// beside vdirsyncer doing the same work on the same server in the same run: push N items into
/// an empty collection, pull N into an empty store (an empty vdir for vdirsyncer), a sync with
/// nothing changed, and a sync of one edit. Push and pull are timed once each (a second run
/// would not start empty); the other two are medians.
enum SyncBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "sync",
            summary: "`todo-tui sync` with a local Radicale; baseline vdirsyncer on the same server, same work",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        do {
            try measure(runner)
        } catch {
            print("sync: \(error)")
        }
    }

    private static func measure(_ runner: BenchmarkRunner) throws {
        let count = runner.isQuick ? 500 : 10_000
        let fixture = try EndToEndFixture()
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let ours = try Ours(fixture: fixture, server: server)
        var theirs = try Vdirsyncer(fixture: fixture, server: server)
        let store = try fixture.makeStore(count: count)
        try ours.setUp(collection: "ours")
        try theirs.setUp(collection: "theirs", exportingFrom: store, todoTUI: fixture.todoTUI)

        let push = try ours.time(["--store", store, "sync"])
        let vdirPush = try theirs.time()
        report(runner, "push into an empty collection", count, [push], [vdirPush])

        let pulled = fixture.folder + "/pulled.json"
        let pull = try ours.time(["--store", pulled, "sync"])
        let vdirPull = try theirs.pullIntoEmptyFolder()
        report(runner, "pull into an empty store", count, [pull], [vdirPull])

        // Settle once (the first run after a push learns the server's new token), then time.
        _ = try ours.time(["--store", store, "sync"])
        _ = try theirs.time()
        let repeats = runner.isQuick ? 3 : 7
        let nothing = try (0..<repeats).map { _ in try ours.time(["--store", store, "sync"]) }
        let vdirNothing = try (0..<repeats).map { _ in try theirs.time() }
        report(runner, "nothing changed", count, nothing, vdirNothing)

        var edits: [Double] = []
        var vdirEdits: [Double] = []
        let id = try ours.firstID(store)
        for round in 0..<repeats {
            try ours.run(["--store", store, "edit", id, "edited \(round)"])
            edits.append(try ours.time(["--store", store, "sync"]))
            try theirs.editOneItem(round)
            vdirEdits.append(try theirs.time())
        }
        report(runner, "one edit", count, edits, vdirEdits)
    }

    private static func report(
        _ runner: BenchmarkRunner, _ name: String, _ n: Int, _ ours: [Double], _ theirs: [Double]
    ) {
        runner.report(
            name, n: n, ours: BenchmarkMeasurement(seconds: ours.sorted()),
            baseline: .measured(BenchmarkMeasurement(seconds: theirs.sorted())),
            extra: ours.count == 1 ? "one run each" : "\(ours.count) runs each")
    }

    /// `todo-tui` with an account on the server (in the fixture's config folder).
    struct Ours {
        let fixture: EndToEndFixture
        let server: CalDAVTestServer
        var environment: [String: String]

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            self.fixture = fixture
            self.server = server
            environment = fixture.environment
            environment["XDG_CONFIG_HOME"] = fixture.folder + "/config"
            environment["TODO_TUI_PASSWORD"] = server.password
        }

        func setUp(collection: String) throws {
            try run(["sync", "setup", server.rootURL.absoluteString, "--user", server.user, "--create", collection])
        }

        func run(_ arguments: [String]) throws {
            try SpawnedProgram.run(fixture.todoTUI, arguments, environment: environment)
        }

        /// Seconds one run takes.
        func time(_ arguments: [String]) throws -> Double {
            let start = ContinuousClock.now
            try run(arguments)
            return (ContinuousClock.now - start).seconds
        }

        /// The id of the store's first item.
        func firstID(_ store: String) throws -> String {
            let output = fixture.folder + "/ids.json"
            try run(["--store", store, "--export", "json", "--output", output])
            let data = try Data(contentsOf: URL(fileURLWithPath: output))
            guard let export = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let items = export["items"] as? [[String: Any]], let id = items.first?["id"] as? String
            else { throw EndToEndError.failed(command: "--export json", status: 0, output: "no items") }
            return id
        }
    }

    /// vdirsyncer pairing a vdir with a collection on the same server.
    struct Vdirsyncer {
        let fixture: EndToEndFixture
        let server: CalDAVTestServer
        let folder: String
        private(set) var config = ""

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            self.fixture = fixture
            self.server = server
            folder = fixture.folder + "/vdirsyncer"
        }

        /// Makes the collection, a vdir of the store's items (`--export vdir`), and the pair.
        mutating func setUp(collection: String, exportingFrom store: String, todoTUI: String) throws {
            var environment = fixture.environment
            environment["XDG_CONFIG_HOME"] = fixture.folder + "/config-theirs"
            environment["TODO_TUI_PASSWORD"] = server.password
            try SpawnedProgram.run(
                todoTUI,
                ["sync", "setup", server.rootURL.absoluteString, "--user", server.user, "--create", collection],
                environment: environment)
            try SpawnedProgram.run(
                todoTUI, ["--store", store, "--export", "vdir", "--output", folder + "/vdir"], environment: environment)
            config = try writeConfig(name: "push", vdir: folder + "/vdir", collection: collection)
            try run(["discover"])
        }

        /// The pair's configuration file.
        private func writeConfig(name: String, vdir: String, collection: String) throws -> String {
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            let path = "\(folder)/\(name).conf"
            let text = """
                [general]
                status_path = "\(folder)/status-\(name)/"

                [pair todos]
                a = "local"
                b = "remote"
                collections = null
                conflict_resolution = "a wins"

                [storage local]
                type = "filesystem"
                path = "\(vdir)/"
                fileext = ".ics"

                [storage remote]
                type = "caldav"
                url = "\(server.collectionURL(collection).absoluteString)"
                username = "\(server.user)"
                password = "\(server.password)"
                """
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func run(_ arguments: [String], config: String? = nil) throws {
            try SpawnedProgram.run(
                "/usr/bin/vdirsyncer", ["-c", config ?? self.config] + arguments, environment: fixture.environment)
        }

        /// Seconds one `vdirsyncer sync` takes.
        func time(config: String? = nil) throws -> Double {
            let start = ContinuousClock.now
            try run(["sync"], config: config)
            return (ContinuousClock.now - start).seconds
        }

        /// Seconds a sync of the collection into a new, empty vdir takes.
        func pullIntoEmptyFolder() throws -> Double {
            let pull = try writeConfig(name: "pull", vdir: folder + "/pulled", collection: "theirs")
            try run(["discover"], config: pull)
            return try time(config: pull)
        }

        /// Changes the summary of one item in the vdir, as a local client would.
        func editOneItem(_ round: Int) throws {
            let vdir = folder + "/vdir"
            guard let name = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted().first else { return }
            let path = vdir + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let edited = text.components(separatedBy: "\r\n").map {
                $0.hasPrefix("SUMMARY:") ? "SUMMARY:edited \(round)" : $0
            }.joined(separator: "\r\n")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
