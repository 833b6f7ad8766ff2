import Foundation
import TodoCore

/// The `keys` group: key press → frame presented, in the real `todo-tui` on a store of N items,
/// in a 100×30 pseudo-terminal, for add, delete, toggle done, re-date and a filter keystroke, and
/// completing a repeating to-do (against toggling one that does not repeat, in the same run).
///
/// The time runs from the write of the key that does the change (Enter for add and re-date,
/// after the text was typed untimed) to the last byte of the frame that follows: the app has
/// handled the key, saved durably, updated the controller and the table, and ncurses has written
/// the screen. Between samples the app is left until its animation ends. Baselines, in the same
/// run: the Taskwarrior command for the same change on the same 10,000 tasks (`task add`,
/// `task UUID delete`, `task UUID done`, `task UUID modify due:…`, `task list WORD`), which is
/// what a Taskwarrior front end waits for per key, even before it redraws.
enum KeyBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "keys",
            summary:
                "todo-tui key → frame written, 100×30 pseudo-terminal, every change saved; baseline the same change "
                + "by `task` on 10,000 tasks",
            run: run
        )
    }

    /// Silence that means the animation of the last change is over (frames come every 20 ms).
    static let quiet = Duration.milliseconds(100)

    /// Words typed into the live filter, one timed sample per keystroke.
    static let filterWords = [
        "milk", "rent", "plants", "dentist", "budget", "passport", "cake", "invoice", "meeting", "notes",
    ]

    enum Action: String, CaseIterable {
        case add, delete, toggle, redate = "re-date", filter = "filter keystroke"

        /// What is typed before the timed key, untimed, for sample `index`.
        func preparation(_ index: Int) -> String {
            switch self {
            case .add: "aBench item \(index)"
            case .redate: "t" + (index.isMultiple(of: 2) ? "tomorrow" : "yesterday")
            case .delete, .toggle, .filter: ""
            }
        }

        /// The timed key of sample `index`.
        func key(_ index: Int) -> String {
            switch self {
            case .add, .redate: "\r"
            case .delete: "d"
            case .toggle: "x"
            case .filter: ""
            }
        }

        /// The same change by Taskwarrior; `pending` gives the uuid of a pending task.
        func taskArguments(_ index: Int, pending: (Int) -> String) -> [String] {
            switch self {
            case .add: ["add", "Bench item \(index)"]
            case .delete: [pending(index), "delete"]
            case .toggle: [pending(index + 1_000), "done"]
            case .redate:
                [pending(index + 2_000), "modify", "due:" + (index.isMultiple(of: 2) ? "tomorrow" : "yesterday")]
            case .filter: ["list", KeyBenchmarks.filterWords[index % KeyBenchmarks.filterWords.count]]
            }
        }
    }

    static func run(_ runner: BenchmarkRunner) {
        let count = runner.isQuick ? 10_000 : 100_000
        let samples = runner.isQuick ? 5 : 50
        do {
            let fixture = try EndToEndFixture()
            let baselines = try taskBaselines(fixture: fixture, runner: runner)
            let store = try fixture.makeStore(count: count)
            let app = try fixture.startAppToFirstFrame(store: store).0
            try app.waitUntilQuiet(for: quiet)
            var toggle: BenchmarkMeasurement?
            for action in Action.allCases {
                let ours =
                    action == .filter
                    ? try filterKeystrokes(app, samples: samples)
                    : try keyPresses(action, app, samples: samples)
                if action == .toggle { toggle = ours }
                let baseline =
                    baselines[action] ?? .skipped("`task` is not installed, so there is no Taskwarrior to compare with")
                runner.report(action.rawValue, n: count, ours: ours, baseline: baseline, extra: "target ≤ 16 ms p99")
            }
            try app.quit(by: "q")
            if let toggle {
                let repeating = try completingRepeating(fixture: fixture, count: count, samples: samples)
                runner.report(
                    "complete repeating", n: count, ours: repeating, baseline: .measured(toggle),
                    extra: "x advances a weekly to-do to its next week; baseline x on one that does not repeat")
            }
        } catch {
            print("keys: \(error)")
        }
    }

    /// `samples` presses of `action`'s key, each preceded by its untimed preparation.
    private static func keyPresses(
        _ action: Action, _ app: PseudoTerminal, samples: Int
    ) throws(EndToEndError) -> BenchmarkMeasurement {
        var seconds: [Double] = []
        for index in 0..<samples {
            let preparation = action.preparation(index)
            if !preparation.isEmpty {
                _ = app.send(preparation)
                try app.waitUntilQuiet(for: quiet)
            }
            let start = app.send(action.key(index))
            seconds.append((try app.nextFrame() - start).seconds)
            try app.waitUntilQuiet(for: quiet)
        }
        return BenchmarkMeasurement(seconds: seconds)
    }

    /// `samples` presses of `x` on a weekly to-do, each completing its current occurrence and
    /// moving it a week on (the selection follows it), on a store of `count` open weekly to-dos.
    private static func completingRepeating(
        fixture: EndToEndFixture, count: Int, samples: Int
    ) throws(EndToEndError) -> BenchmarkMeasurement {
        let path = fixture.folder + "/repeating-\(count).json"
        let weekly = Repetition(rule: RecurrenceRule(frequency: .weekly))
        let items = SampleItems.make(count, seed: EndToEndFixture.seed).map { item in
            var item = item
            item.isDone = false
            item.repetition = ItemRepetition(weekly)
            return item
        }
        do {
            try Data(StoreEncoder.encode(StoreContents(generation: 1, items: items).inFileOrder))
                .write(to: URL(fileURLWithPath: path))
        } catch {
            throw .failed(command: "write \(path)", status: 74, output: "\(error)")
        }
        let app = try fixture.startAppToFirstFrame(store: path).0
        try app.waitUntilQuiet(for: quiet)
        let measurement = try keyPresses(.toggle, app, samples: samples)
        try app.quit(by: "q")
        return measurement
    }

    /// At least `samples` keystrokes of the live filter: each word typed a key at a time after
    /// `/`, then cleared with Esc.
    private static func filterKeystrokes(
        _ app: PseudoTerminal, samples: Int
    ) throws(EndToEndError) -> BenchmarkMeasurement {
        var seconds: [Double] = []
        var words = filterWords.makeIterator()
        while seconds.count < samples, let word = words.next() {
            _ = app.send("/")
            try app.waitUntilQuiet(for: quiet)
            for character in word {
                let start = app.send(String(character))
                seconds.append((try app.nextFrame() - start).seconds)
                try app.waitUntilQuiet(for: quiet)
            }
            _ = app.send("\u{1B}")
            try app.waitUntilQuiet(for: quiet)
        }
        return BenchmarkMeasurement(seconds: seconds)
    }

    /// Each action's Taskwarrior command on the same 10,000 tasks, or none when `task` is absent.
    private static func taskBaselines(
        fixture: EndToEndFixture, runner: BenchmarkRunner
    ) throws(EndToEndError) -> [Action: BenchmarkRunner.Baseline] {
        let count = 10_000
        let store = try fixture.makeStore(count: count)
        guard
            let task = try TaskwarriorDatabase.make(
                importing: store, in: fixture.folder + "/taskwarrior", fixture: fixture)
        else { return [:] }
        let pending = SampleItems.make(count, seed: EndToEndFixture.seed).filter { !$0.isDone }.map {
            $0.id.uuidString.lowercased()
        }
        var baselines: [Action: BenchmarkRunner.Baseline] = [:]
        for action in Action.allCases {
            var index = 0
            baselines[action] = .measured(
                runner.measure {
                    blackHole(try? task.run(action.taskArguments(index) { pending[$0 % pending.count] }))
                    index += 1
                })
        }
        return baselines
    }
}
