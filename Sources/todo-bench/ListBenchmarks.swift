import Foundation
import TodoCore

/// The `lists` group: several lists in the real `todo-tui`, on a store of N items spread over
/// 30 lists ("List 01" … "List 30", item i in list i mod 30), in a 100×30 pseudo-terminal.
///
/// Timed, each from the write of its key to the last byte of the frame that follows (as the
/// `keys` group does): `L` opening the list picker; Enter on a list typed into the picker
/// (switching the view to another list of about N/30 to-dos: the controller's `list:` request);
/// Enter on All lists (back to every to-do); and Enter in the move picker, moving the selected
/// to-do to another list (its row leaves the view). Opening the app on a list (the view kept
/// from the last quit) is timed from exec to the first frame, as the `startup` group does.
///
/// Baselines, in the same run and as `keys` takes them: Taskwarrior on the same 10,000 tasks —
/// `task list project.is:NAME` for opening and switching (what a Taskwarrior front end waits for
/// before it can draw another project), `task UUID modify project:NAME` for a move, `task list`
/// for the start.
enum ListBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "lists",
            summary:
                "todo-tui on N items in 30 lists: key → frame written, 100×30 pseudo-terminal; exec → first frame "
                + "opening on a list; baseline `task` on the same 10,000 tasks",
            run: run
        )
    }

    static let listCount = 30

    static func name(ofList index: Int) -> String {
        "List " + (index < 9 ? "0" : "") + String(index + 1)
    }

    static func run(_ runner: BenchmarkRunner) {
        let count = runner.isQuick ? 10_000 : 100_000
        let samples = runner.isQuick ? 5 : 50
        do {
            let fixture = try EndToEndFixture()
            let baselines = try taskBaselines(fixture: fixture, runner: runner)
            let store = try makeStore(count: count, fixture: fixture)
            let quiet = KeyBenchmarks.quiet
            let app = try fixture.startAppToFirstFrame(store: store).0
            try app.waitUntilQuiet(for: quiet)

            var picker: [Double] = [], switching: [Double] = [], all: [Double] = [], moving: [Double] = []
            for index in 0..<samples {
                picker.append(try timed(app, "L"))
                // "List 07" narrows to that one list; Enter opens it.
                _ = app.send(name(ofList: (index * 7) % listCount))
                try app.waitUntilQuiet(for: quiet)
                switching.append(try timed(app, "\r"))
                _ = app.send("m" + name(ofList: (index * 7 + 3) % listCount))
                try app.waitUntilQuiet(for: quiet)
                moving.append(try timed(app, "\r"))
                _ = app.send("Lall")
                try app.waitUntilQuiet(for: quiet)
                all.append(try timed(app, "\r"))
            }
            let skipped = BenchmarkRunner.Baseline.skipped("`task` is not installed, so there is no Taskwarrior")
            let target = "target ≤ 16 ms p99"
            runner.report(
                "open the list picker (L)", n: count, ours: BenchmarkMeasurement(seconds: picker),
                baseline: baselines.switching ?? skipped, extra: target + "; baseline task list project.is:NAME")
            runner.report(
                "switch to a list (Enter)", n: count, ours: BenchmarkMeasurement(seconds: switching),
                baseline: baselines.switching ?? skipped, extra: target + "; baseline task list project.is:NAME")
            runner.report(
                "switch to All lists (Enter)", n: count, ours: BenchmarkMeasurement(seconds: all),
                baseline: baselines.switching ?? skipped, extra: target + "; baseline task list project.is:NAME")
            runner.report(
                "move a to-do (m, Enter)", n: count, ours: BenchmarkMeasurement(seconds: moving),
                baseline: baselines.moving ?? skipped, extra: target + "; baseline task UUID modify project:NAME")
            // The next start opens on the list on view at quit.
            _ = app.send("L" + name(ofList: 4))
            try app.waitUntilQuiet(for: quiet)
            _ = app.send("\r")
            try app.waitUntilQuiet(for: quiet)
            try app.quit(by: "q")
            var starts: [Double] = []
            for _ in 0..<(runner.isQuick ? 3 : 10) {
                fixture.removeCaches()
                let (started, time) = try fixture.startAppToFirstFrame(store: store)
                starts.append(time.seconds)
                try started.quit(by: "q")
            }
            runner.report(
                "start on a list, no cache", n: count, ours: BenchmarkMeasurement(seconds: starts),
                baseline: baselines.start ?? skipped, extra: "exec → first frame; baseline task list")
        } catch {
            print("lists: \(error)")
        }
    }

    /// The time from writing `key` to the end of the frame that follows; then waits until the
    /// app is quiet.
    private static func timed(_ app: PseudoTerminal, _ key: String) throws(EndToEndError) -> Double {
        let start = app.send(key)
        let seconds = (try app.nextFrame() - start).seconds
        try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
        return seconds
    }

    /// A store of `count` sample items (`todo-bench generate`'s), item i in list i mod 30.
    private static func makeStore(count: Int, fixture: EndToEndFixture) throws(EndToEndError) -> String {
        let path = fixture.folder + "/lists-\(count).json"
        let lists =
            [TodoList.standard] + (1..<listCount).map { TodoList(name: name(ofList: $0), color: .allCases[$0 % 8]) }
        let items = SampleItems.make(count, seed: EndToEndFixture.seed).enumerated().map { index, item in
            var item = item
            item.listID = lists[index % listCount].id
            return item
        }
        var named = lists
        named[0].name = name(ofList: 0)
        do {
            try Data(StoreEncoder.encode(StoreContents(generation: 1, items: items, lists: named).inFileOrder))
                .write(to: URL(fileURLWithPath: path))
        } catch {
            throw .failed(command: "write \(path)", status: 74, output: "\(error)")
        }
        return path
    }

    /// Taskwarrior's commands on the same 10,000 tasks, or nil each when `task` is absent.
    private static func taskBaselines(
        fixture: EndToEndFixture, runner: BenchmarkRunner
    ) throws(EndToEndError) -> (
        switching: BenchmarkRunner.Baseline?, moving: BenchmarkRunner.Baseline?, start: BenchmarkRunner.Baseline?
    ) {
        let count = 10_000
        let store = try fixture.makeStore(count: count)
        guard
            let task = try TaskwarriorDatabase.make(
                importing: store, in: fixture.folder + "/taskwarrior-lists", fixture: fixture)
        else { return (nil, nil, nil) }
        let pending = SampleItems.make(count, seed: EndToEndFixture.seed).filter { !$0.isDone }.map {
            $0.id.uuidString.lowercased()
        }
        var index = 0
        // The projects the moves make give the listings something to find.
        let moving = runner.measure {
            let project = "project:" + name(ofList: index % listCount).replacingOccurrences(of: " ", with: "")
            blackHole(try? task.run([pending[index % pending.count], "modify", project]))
            index += 1
        }
        index = 0
        let switching = runner.measure {
            let project = "project.is:" + name(ofList: index % listCount).replacingOccurrences(of: " ", with: "")
            blackHole(try? task.run(["list", project]))
            index += 1
        }
        let start = runner.measure { blackHole(try? task.run(["list"])) }
        return (.measured(switching), .measured(moving), .measured(start))
    }
}
