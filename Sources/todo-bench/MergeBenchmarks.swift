import Foundation
import TodoCore

/// The `merge` group: another writer's save → the first frame of the open list that shows it, in
/// the real `todo-tui` on a store of N items, in a 100×30 pseudo-terminal.
///
/// The other writer is this process, saving one new to-do at a time through its own
/// `TodoContext` on the same store, as a second `todo-tui` would. The time runs from the start of
/// that save to the last byte of the app's next frame: the save itself (the store `fsync`s),
/// the wait for the app's next poll of the store (every 250 ms, so most of the figure), its
/// merge, and the new row's first animation frame. The app is otherwise idle, so the first
/// output after the save is that frame. No baseline: Taskwarrior's front ends show another
/// process's change only when refreshed.
enum MergeBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "merge",
            summary:
                "another writer's save → the open list's frame showing it, 100×30 pseudo-terminal; no baseline",
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
                let writer = TodoContext(store: JSONStore(path: store), now: Date.init)
                // Read before the first sample, as a writer that has the store open.
                _ = try writer.count(for: FetchRequest())
                try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
                var seconds: [Double] = []
                for index in 0..<samples {
                    try writer.insert(text: "Merged \(index)", date: Date())
                    let start = ContinuousClock.now
                    try writer.save()
                    seconds.append((try app.nextFrame() - start).seconds)
                    try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
                }
                runner.report(
                    "another writer's add", n: count, ours: BenchmarkMeasurement(seconds: seconds),
                    baseline: .skipped("no list to compare with merges another writer's change while open"),
                    extra: "the app polls every 250 ms")
                try app.quit(by: "q")
            }
        } catch {
            print("merge: \(error)")
        }
    }
}
