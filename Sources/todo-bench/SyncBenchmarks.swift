import Foundation
import TodoTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        // Radicale's PUT costs grow with the collection (measured: about 13 ms per item into an
        // empty one, about 90 ms past 4,000 items), so a push of 10,000 takes each client some
        // twenty minutes here: the push is timed at
        // 1,000 items, and the other cases on a collection of 10,000 laid out in Radicale's
        // storage folder directly, as its own PUTs would have left it.
        let pushCount = runner.isQuick ? 200 : 1_000
        let count = runner.isQuick ? 500 : 10_000
        let fixture = try EndToEndFixture()
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let ours = try Ours(fixture: fixture, server: server)
        let theirs = try Vdirsyncer(fixture: fixture, server: server)

        let small = try fixture.makeStore(count: pushCount)
        try ours.setUp(["--create", "ours-push"])
        try theirs.makeCollection("theirs-push")
        try theirs.export(small, to: theirs.folder + "/pushed", todoTUI: fixture.todoTUI)
        let push = try ours.time(["--store", small, "sync"])
        let pushConfig = try theirs.pair("push", vdir: theirs.folder + "/pushed", collection: "theirs-push")
        let vdirPush = try theirs.time(config: pushConfig)
        report(runner, "push into an empty collection", pushCount, [push], [vdirPush])

        let big = try fixture.makeStore(count: count)
        try theirs.makeCollection("seeded")
        try theirs.export(big, to: server.storageFolder("seeded"), todoTUI: fixture.todoTUI)
        try ours.setUp(["--collection", "seeded"])
        // An untimed first pull: Radicale builds its item cache on the first listing, which
        // whichever client came first would otherwise pay.
        _ = try ours.time(["--store", fixture.folder + "/warm-up.json", "sync"])
        let pulled = fixture.folder + "/pulled.json"
        let pull = try ours.time(["--store", pulled, "sync"])
        let pullConfig = try theirs.pair("pull", vdir: theirs.folder + "/pulled", collection: "seeded")
        let vdirPull = try theirs.time(config: pullConfig)
        report(runner, "pull into an empty store", count, [pull], [vdirPull])

        // Settle once (a run after a change learns the server's new token), then time.
        _ = try ours.time(["--store", pulled, "sync"])
        _ = try theirs.time(config: pullConfig)
        let repeats = runner.isQuick ? 3 : 7
        let nothing = try (0..<repeats).map { _ in try ours.time(["--store", pulled, "sync"]) }
        let vdirNothing = try (0..<repeats).map { _ in try theirs.time(config: pullConfig) }
        report(runner, "nothing changed", count, nothing, vdirNothing)

        // Each side edits one item per round; each run also brings the other side's last edit.
        var edits: [Double] = []
        var vdirEdits: [Double] = []
        let id = try ours.firstID(pulled)
        for round in 0..<repeats {
            try ours.run(["--store", pulled, "edit", id, "edited \(round)"])
            edits.append(try ours.time(["--store", pulled, "sync"]))
            try theirs.editOneItem(in: theirs.folder + "/pulled", round: round)
            vdirEdits.append(try theirs.time(config: pullConfig))
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

        /// `sync setup` of the server with `choice` (`--create NAME` or `--collection NAME`).
        func setUp(_ choice: [String]) throws {
            try run(["sync", "setup", server.rootURL.absoluteString, "--user", server.user] + choice)
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

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            self.fixture = fixture
            self.server = server
            folder = fixture.folder + "/vdirsyncer"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// A to-do calendar `name` on the server (MKCALENDAR, as a client makes one).
        func makeCollection(_ name: String) throws {
            var request = URLRequest(url: server.collectionURL(name))
            request.httpMethod = "MKCALENDAR"
            let credentials = Data("\(server.user):\(server.password)".utf8).base64EncodedString()
            request.setValue("Basic \(credentials)", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(
                (#"<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">"#
                    + #"<d:set><d:prop><c:supported-calendar-component-set><c:comp name="VTODO"/>"#
                    + "</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>").utf8)
            let done = DispatchSemaphore(value: 0)
            let status = StatusBox()
            URLSession.shared.dataTask(with: request) { _, response, _ in
                status.value = (response as? HTTPURLResponse)?.statusCode ?? 0
                done.signal()
            }.resume()
            done.wait()
            guard (200..<300).contains(status.value) else {
                throw EndToEndError.failed(command: "MKCALENDAR \(name)", status: Int32(status.value), output: "")
            }
        }

        /// The store's items as one `.ics` file each in `folder` (`--export vdir`).
        func export(_ store: String, to folder: String, todoTUI: String) throws {
            try SpawnedProgram.run(
                todoTUI, ["--store", store, "--export", "vdir", "--output", folder], environment: fixture.environment)
        }

        /// A pair of `vdir` with the collection, discovered, as a configuration file.
        func pair(_ name: String, vdir: String, collection: String) throws -> String {
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            let path = "\(folder)/\(name).conf"
            let text = VdirsyncerPair.configuration(
                statusFolder: "\(folder)/status-\(name)", vdir: vdir, collection: server.collectionURL(collection),
                server: server, conflictResolution: "a wins")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try run(["discover"], config: path)
            return path
        }

        func run(_ arguments: [String], config: String) throws {
            try SpawnedProgram.run("/usr/bin/vdirsyncer", ["-c", config] + arguments, environment: fixture.environment)
        }

        /// Seconds one `vdirsyncer sync` takes.
        func time(config: String) throws -> Double {
            let start = ContinuousClock.now
            try run(["sync"], config: config)
            return (ContinuousClock.now - start).seconds
        }

        /// Changes the summary of one item in `vdir`, as a local client would.
        func editOneItem(in vdir: String, round: Int) throws {
            guard let name = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted().first else { return }
            let path = vdir + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let edited = text.components(separatedBy: "\r\n").map {
                $0.hasPrefix("SUMMARY:") ? "SUMMARY:edited by vdirsyncer \(round)" : $0
            }.joined(separator: "\r\n")
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

/// The status code a completion handler saw, handed to the waiting caller.
private final class StatusBox: @unchecked Sendable {
    var value = 0
}
