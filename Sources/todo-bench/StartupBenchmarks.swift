import Foundation

/// The `startup` group: the real `todo-tui` from exec to its first frame, in a 100×30
/// pseudo-terminal, on stores of N items made by `todo-bench generate`.
///
/// The path is the product's own: parse the command line, open the `JSONStore`, create the
/// `TodoContext`, build `TodoApp` (fetch, sections, table) and draw through ncurses. The time
/// ends with the last byte of the first frame that shows the title bar. It is measured with no
/// controller cache, and with a valid one (written by a clean quit, as a person's last session
/// leaves it), which may spare the sort. Baselines, in the same run: `task list` on the same
/// 10,000 tasks (a Foundation `JSONDecoder` load of the file when `task` is absent), and the
/// `JSONDecoder` load of the same file at 100,000, where importing into Taskwarrior takes too long.
/// Then both again with a configuration file that sets every setting (at its built-in value, so
/// the screens are the same), against the starts without one: what reading the file costs.
enum StartupBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "startup",
            summary:
                "todo-tui exec → first frame in a 100×30 pseudo-terminal; baseline `task list` on the same 10,000 "
                + "tasks, JSONDecoder load of the file at 100,000",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        do {
            let fixture = try EndToEndFixture()
            for count in runner.sizes([10_000, 100_000]) {
                let store = try fixture.makeStore(count: count)
                let baseline = try baseline(count: count, store: store, fixture: fixture, runner: runner)
                for build in fixture.builds {
                    let cold = try runner.measure { () throws(EndToEndError) -> Duration in
                        fixture.removeCaches()
                        return try fixture.startAppToFirstFrame(store: store, binary: build.path).1
                    }
                    runner.report(
                        "first frame, no cache\(build.label)", n: count, ours: cold, baseline: baseline.measurement,
                        extra: baseline.name)
                    // A clean quit leaves the cache a person's next start finds.
                    try fixture.startAppToFirstFrame(store: store, binary: build.path).0.quit(by: "q")
                    let warm = try runner.measure { () throws(EndToEndError) -> Duration in
                        try fixture.startAppToFirstFrame(store: store, binary: build.path).1
                    }
                    let cached = fixture.hasCache ? "" : "no cache was written at quit, so this is a start without one"
                    runner.report(
                        "first frame, valid cache\(build.label)", n: count, ours: warm, baseline: baseline.measurement,
                        extra: [baseline.name, cached].filter { !$0.isEmpty }.joined(separator: "; "))
                    try configured(count: count, store: store, build: build, fixture: fixture, runner: runner)
                }
            }
        } catch {
            print("startup: \(error)")
        }
    }

    /// The starts with a configuration file that sets every setting, against the same starts
    /// without one, run in turns (one without, one with, and again), so that what else the
    /// machine does falls on both alike.
    private static func configured(
        count: Int, store: String, build: (label: String, path: String), fixture: EndToEndFixture,
        runner: BenchmarkRunner
    ) throws(EndToEndError) {
        let configuration = try fixture.fullConfiguration(binary: build.path)
        for cached in [false, true] {
            if cached {
                // A clean quit leaves the cache; the settings are the built-in ones either way.
                try fixture.startAppToFirstFrame(store: store, binary: build.path).0.quit(by: "q")
            }
            var without: [Double] = [], with: [Double] = []
            _ = try runner.measure { () throws(EndToEndError) -> Duration in
                if !cached { fixture.removeCaches() }
                let plain = try fixture.startAppToFirstFrame(store: store, binary: build.path).1
                if !cached { fixture.removeCaches() }
                let configured = try fixture.startAppToFirstFrame(
                    store: store, binary: build.path, configuration: configuration
                ).1
                without.append(plain.seconds)
                with.append(configured.seconds)
                return plain + configured
            }
            runner.report(
                "first frame, \(cached ? "valid cache" : "no cache") + config\(build.label)", n: count,
                ours: BenchmarkMeasurement(seconds: with),
                baseline: .measured(BenchmarkMeasurement(seconds: without)),
                extra: "every setting in a config file; baseline: the same start without one, run in turns")
        }
    }

    /// `task list` on the same items at 10,000 when Taskwarrior is installed, else a
    /// `JSONDecoder` load of the store file.
    private static func baseline(
        count: Int, store: String, fixture: EndToEndFixture, runner: BenchmarkRunner
    ) throws(EndToEndError) -> (name: String, measurement: BenchmarkRunner.Baseline) {
        if count == 10_000,
            let task = try TaskwarriorDatabase.make(
                importing: store, in: fixture.folder + "/taskwarrior-startup", fixture: fixture)
        {
            try task.run(["list"])
            return ("baseline `task list`", .measured(runner.measure { blackHole(try? task.run(["list"])) }))
        }
        let name = "baseline JSONDecoder load" + (count == 10_000 ? " (`task` is not installed)" : "")
        do {
            _ = try FoundationStoreFile.load(store)
        } catch {
            return (name, .skipped("JSONDecoder failed: \(error)"))
        }
        return (name, .measured(runner.measure { blackHole(try? FoundationStoreFile.load(store)) }))
    }
}
