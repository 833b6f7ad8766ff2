import Foundation

/// The `merge` group: another process's save → the first frame of the open list that shows it,
/// in the real `todo-tui` on a store of N items, in a 100×30 pseudo-terminal.
///
/// The time runs from the exit of `todo-tui add` run beside the open list to the last byte of the
/// frame that follows: the app notices the store's new generation at its next poll (every 250 ms,
/// so the figure is mostly that wait), merges the store in, and draws the new row's first
/// animation frame. The app is otherwise idle, so the first output after the add is that frame.
/// No baseline: Taskwarrior's front ends show another process's change only when refreshed.
enum MergeBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "merge",
            summary:
                "another process's `todo-tui add` → the open list's frame showing it, 100×30 pseudo-terminal; "
                + "no baseline",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        let samples = runner.isQuick ? 5 : 20
        do {
            let fixture = try EndToEndFixture()
            for count in runner.sizes([10_000, 100_000]) {
                let store = try fixture.makeStore(count: count)
                let app = try fixture.startAppToFirstFrame(store: store).0
                try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
                var seconds: [Double] = []
                for index in 0..<samples {
                    try SpawnedProgram.run(
                        fixture.todoTUI, ["add", "Merged \(index)", "--store", store], environment: fixture.environment)
                    let saved = ContinuousClock.now
                    seconds.append((try app.nextFrame() - saved).seconds)
                    try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
                }
                runner.report(
                    "another process's add", n: count, ours: BenchmarkMeasurement(seconds: seconds),
                    baseline: .skipped("no list to compare with merges another writer's change while open"),
                    extra: "the app polls every 250 ms")
                try app.quit(by: "q")
            }
        } catch {
            print("merge: \(error)")
        }
    }
}
