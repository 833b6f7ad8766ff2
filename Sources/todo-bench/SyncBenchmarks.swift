import Foundation
import TodoTestSupport

/// The `sync` group: `todo-tui sync` against a local Radicale and a local Xandikos (each started
/// on a free loopback port), beside two baselines doing the same work on the same server in the
/// same run: the floor, the same requests sent by one `curl` over one connection, and vdirsyncer.
/// Lines: push N items into an empty collection, pull N into an empty store (an empty vdir for
/// vdirsyncer), a sync with nothing changed, and a sync of one edit. Push and pull are timed once
/// each (a second run would not start empty); the other two are medians. The ratio column is
/// the floor's time ÷ ours; the extra column gives ours ÷ the floor, ours minus the floor,
/// vdirsyncer, and the processor time of our processes (`todo-tui` and its helper) per request.
/// "Nothing changed" and "one edit" are timed for the default release build and, when there is
/// one, the build `scripts/install` put in place (`EndToEndFixture.installedTodoTUI`, lines marked
/// "(installed)"), in turns; the output names both binaries.
enum SyncBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "sync",
            summary:
                "`todo-tui sync` with a local Radicale and Xandikos; baseline: the same requests by one curl (the "
                + "floor); vdirsyncer on the same server, same work",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        for kind in CalDAVTestServer.Kind.allCases where runner.server.map({ $0 == kind.rawValue }) ?? true {
            print("\(kind):")
            let start = ContinuousClock.now
            do {
                try measure(runner, on: kind)
            } catch {
                print("sync with \(kind): \(error)")
            }
            // How long a server's lines take, so that a full-size run can be planned.
            print("\(kind): \(BenchmarkMeasurement.format((ContinuousClock.now - start).seconds)) in all")
            fflush(nil)
        }
    }

    private static func measure(_ runner: BenchmarkRunner, on kind: CalDAVTestServer.Kind) throws {
        // Both servers' PUTs cost more as the collection grows (Radicale past a few thousand items,
        // Xandikos with every commit), so a push of 10,000 would take each client many minutes:
        // the push is timed at 1,000 items, and the other cases on a collection of 10,000 laid
        // out in the server's storage folder directly, as its own PUTs would have left it.
        let pushCount = runner.isQuick ? 200 : 1_000
        let count = runner.isQuick ? 500 : 10_000
        // A server's answer to the same request varies from run to run by more than the margins of
        // the targets ("nothing changed" within 30 ms of the floor): the medians of ours and of the
        // floor need many runs to be steady, and each costs about a second at full size.
        let repeats = runner.isQuick ? 3 : 15
        // vdirsyncer is a comparison, not the target: at 10,000 items each of its runs takes
        // about 25 s, so it runs the fewest times a median needs.
        let theirRepeats = 3
        // vdirsyncer pulls by calendar-multiget, 100 items a request, and Xandikos takes about 18 s
        // for each such request in a 10,000-item collection: its pull alone would take about half an
        // hour, so at full size vdirsyncer is compared on Radicale only, and after the push.
        let pullsTheirs = runner.isQuick || kind == .radicale
        let fixture = try EndToEndFixture()
        print("timing \(fixture.todoTUI) (the release build)")
        if let installed = fixture.installedTodoTUI {
            print("and, on the lines marked (installed), \(installed) (what scripts/install put in place)")
            if let warning = InstalledBuildCheck.warning(for: installed) { print(warning) }
        }
        let server = try CalDAVTestServer(kind)
        defer { server.stop() }
        let ours = try Ours(fixture: fixture, server: server)
        let theirs = try Vdirsyncer(fixture: fixture, server: server)
        let floor = try CurlFloor(fixture: fixture, server: server)

        let small = try fixture.makeStore(count: pushCount)
        try ours.setUp(["--create", "ours-push"])
        try floor.makeCollection("floor-push")
        try floor.makeCollection("theirs-push")
        let pushed = theirs.folder + "/pushed"
        try theirs.export(small, to: pushed, todoTUI: fixture.todoTUI)
        // A PROPFIND of the collection, the listing of the empty collection, then the PUTs.
        let push = try ours.time(["--store", small, "sync"], requests: pushCount + 2)
        let target = server.collectionURL("floor-push")
        let floorPush = try floor.time(
            try files(in: pushed).map {
                floor.put(pushed + "/" + $0, to: target.appendingPathComponent($0), ifNoneMatch: true)
            })
        let oursPushed = try floor.itemCount(in: server.collectionURL("ours-push"))
        guard oursPushed == pushCount else {
            throw EndToEndError.failed(
                command: "todo-tui sync", status: 0, output: "\(oursPushed) of \(pushCount) to-dos in its calendar")
        }
        let vdirPush = try theirs.time(config: try theirs.pair("push", vdir: pushed, collection: "theirs-push"))
        let vdirPushed = try floor.itemCount(in: server.collectionURL("theirs-push"))
        report(
            runner, "push into an empty collection", pushCount, [push], floor: [floorPush],
            vdirsyncer: vdirPushed == pushCount ? [vdirPush] : [],
            vdirsyncerMissing: "vdirsyncer left \(vdirPushed) of \(pushCount) on the server, so it is not compared")

        let big = try fixture.makeStore(count: count)
        try floor.makeCollection("seeded")
        let seeded = server.storageFolder("seeded")
        try theirs.export(big, to: seeded, todoTUI: fixture.todoTUI)
        if kind == .xandikos { try commit(seeded, environment: fixture.environment) }
        try ours.setUp(["--collection", "seeded"])
        // An untimed first pull: Radicale builds its item cache on the first listing, which
        // whichever client came first would otherwise pay.
        _ = try ours.time(["--store", fixture.folder + "/warm-up.json", "sync"], requests: 0)
        let pulled = fixture.folder + "/pulled.json"
        let collection = server.collectionURL("seeded")
        let hrefs = try files(in: seeded).map { collection.appendingPathComponent($0).path }
        let pull = try ours.time(["--store", pulled, "sync"], requests: 2)
        let floorPull = try floor.time(try floor.pull(collection))
        let pullConfig = try theirs.pair("pull", vdir: theirs.folder + "/pulled", collection: "seeded")
        let vdirPull = pullsTheirs ? [try theirs.time(config: pullConfig)] : []
        report(runner, "pull into an empty store", count, [pull], floor: [floorPull], vdirsyncer: vdirPull)

        // Settle once (a run after a change learns the server's new token), then time.
        _ = try ours.time(["--store", pulled, "sync"], requests: 0)
        if pullsTheirs { _ = try theirs.time(config: pullConfig) }
        // Each build and the floor in turns, so that what else the machine does falls on all
        // alike. The floor asks the same PROPFIND (a linked calendar's type, name, privileges and
        // sync token).
        var nothing = fixture.builds.map { _ in [SyncTiming]() }
        var floorNothing: [SyncTiming] = []
        for _ in 0..<repeats {
            for (index, build) in fixture.builds.enumerated() {
                nothing[index].append(try ours.time(["--store", pulled, "sync"], requests: 1, binary: build.path))
            }
            floorNothing.append(try floor.time([try floor.linkedCollectionState(collection)]))
        }
        let vdirNothing = try (0..<(pullsTheirs ? theirRepeats : 0)).map { _ in try theirs.time(config: pullConfig) }
        for (index, build) in fixture.builds.enumerated() {
            report(
                runner, "nothing changed" + build.label, count, nothing[index], floor: floorNothing,
                vdirsyncer: vdirNothing)
        }

        // Each client edits one item per round; each run also brings the others' last edits. The
        // floor's round: the collection's state, the changes since its last token, a multiget of
        // two changed items, and a PUT of its own edit. Each build has its turn followed by one of
        // the floor's, so that every run of ours brings one edit made on the server.
        var edits = fixture.builds.map { _ in [SyncTiming]() }
        var vdirEdits: [SyncTiming] = []
        var floorEdits: [SyncTiming] = []
        let id = try ours.firstID(pulled)
        let state = floor.folder + "/state.xml"
        _ = try floor.time([try floor.linkedCollectionState(collection, output: state)])
        let floorItem = try files(in: seeded).last ?? ""
        let original = try String(contentsOfFile: seeded + "/" + floorItem, encoding: .utf8)
        for round in 0..<repeats {
            for (index, build) in fixture.builds.enumerated() {
                let turn = "\(round).\(index)"
                try ours.run(["--store", pulled, "edit", id, "edited \(turn)"])
                edits[index].append(try ours.time(["--store", pulled, "sync"], requests: 4, binary: build.path))
                if pullsTheirs, round < theirRepeats, index == 0 {
                    try theirs.editOneItem(in: theirs.folder + "/pulled", round: round)
                    vdirEdits.append(try theirs.time(config: pullConfig))
                }
                let token = CurlFloor.syncToken(in: state) ?? ""
                let edited = try floor.bodyFile(
                    "edit.ics", Vdirsyncer.edited(original, summary: "edited by curl \(turn)"))
                floorEdits.append(
                    try floor.time([
                        try floor.linkedCollectionState(collection, output: state),
                        try floor.changes(collection, since: token),
                        try floor.multiget(collection, Array(hrefs.prefix(2)), name: "multiget-edit.xml"),
                        floor.put(edited, to: collection.appendingPathComponent(floorItem), ifNoneMatch: false),
                    ]))
            }
        }
        for (index, build) in fixture.builds.enumerated() {
            report(runner, "one edit" + build.label, count, edits[index], floor: floorEdits, vdirsyncer: vdirEdits)
        }
    }

    /// The `.ics` files in `folder`, sorted.
    private static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// Commits what was written into a Xandikos collection (a git repository it reads from).
    private static func commit(_ folder: String, environment: [String: String]) throws {
        let identity = ["-c", "user.name=todo-bench", "-c", "user.email=bench@localhost"]
        try SpawnedProgram.run("/usr/bin/git", ["-C", folder, "add", "-A"], environment: environment)
        try SpawnedProgram.run(
            "/usr/bin/git", ["-C", folder] + identity + ["commit", "-q", "-m", "seed"], environment: environment)
    }

    private static func report(
        _ runner: BenchmarkRunner, _ name: String, _ n: Int, _ ours: [SyncTiming], floor: [SyncTiming],
        vdirsyncer: [SyncTiming],
        vdirsyncerMissing: String =
            "vdirsyncer not run (its multiget pull of 10,000 items takes about half an hour here)"
    ) {
        let mine = SyncTiming.median(ours)
        let bottom = SyncTiming.median(floor)
        let format = BenchmarkMeasurement.format
        let theirs = vdirsyncer.isEmpty ? nil : SyncTiming.median(vdirsyncer)
        let runs = ours.count == 1 ? "one run each" : "\(ours.count) runs each"
        let facts = [
            runs + (vdirsyncer.isEmpty || vdirsyncer.count == ours.count ? "" : " (vdirsyncer \(vdirsyncer.count))"),
            "\((mine.seconds / bottom.seconds).formatted(digits: 2))× the floor, "
                + "\(mine.seconds >= bottom.seconds ? "+" : "−")\(format(abs(mine.seconds - bottom.seconds)))",
            theirs.map {
                "vdirsyncer \(format($0.seconds)), \(($0.seconds / mine.seconds).formatted(digits: 2))× ours"
            } ?? vdirsyncerMissing,
            "cpu \(format(mine.cpuPerRequest)) per request of \(mine.requests) (curl \(format(bottom.cpuPerRequest)))",
        ]
        runner.report(
            name, n: n, ours: BenchmarkMeasurement(seconds: ours.map(\.seconds)),
            baseline: .measured(BenchmarkMeasurement(seconds: floor.map(\.seconds))),
            extra: facts.joined(separator: "; "))
    }
}
