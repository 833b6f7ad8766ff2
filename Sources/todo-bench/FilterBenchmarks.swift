import Foundation
import TodoCore

/// The `filter` group: the live filter's refetch per keystroke, in-process, on N realistic items
/// (`SampleItems`) in the app's order (day, higher priority first, time), against a fetch from
/// scratch of the same request by a new controller measured in the same run.
///
/// The words of the `keys` group are typed a character at a time into a tracking controller's
/// predicate, each refetch timed; then one Backspace and Esc (no filter). Between passes one
/// item is edited and processed, so every pass starts from a context that changed: results kept
/// from the pass before are stale and none is reused across passes. Lines: the first keystroke
/// (the whole list narrowed), typing on (the previous result narrowed), Backspace and Esc (a
/// result computed before).
enum FilterBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "filter",
            summary:
                "live-filter refetch per keystroke by a tracking FetchedResultsController; baseline a fetch from "
                + "scratch of the same request by a new controller",
            run: run
        )
    }

    enum Keystroke: String, CaseIterable {
        case first = "first keystroke"
        case typingOn = "typing on"
        case backspace = "Backspace"
        case escape = "Esc (no filter)"
    }

    static func run(_ runner: BenchmarkRunner) {
        for count in runner.sizes([10_000, 100_000]) {
            do {
                try measure(count: count, passes: runner.isQuick ? 1 : 5, runner: runner)
            } catch {
                print("filter benchmark at \(count.grouped) items failed: \(error)")
            }
        }
    }

    private static func measure(count: Int, passes: Int, runner: BenchmarkRunner) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let now = SampleItems.referenceDate
        let items = SampleItems.make(count, seed: EndToEndFixture.seed)
        let context = TodoContext(store: InMemoryStore(StoreContents(generation: 1, items: items)), now: { now })
        let request = FetchRequest(sortDescriptors: [
            .day(ascending: true, in: calendar), TodoSortDescriptor(.priority, ascending: false),
            TodoSortDescriptor(.date),
        ])
        func controller() -> FetchedResultsController {
            FetchedResultsController(fetchRequest: request, context: context, calendar: calendar, now: now)
        }
        let tracking = controller()
        let delegate = QuietDelegate()
        tracking.delegate = delegate
        try tracking.performFetch()

        var ours: [Keystroke: [Double]] = [:]
        var scratch: [Keystroke: [Double]] = [:]
        func keystroke(_ kind: Keystroke, _ filter: String) throws {
            let predicate: TodoPredicate = filter.isEmpty ? .all : .textContains(filter)
            tracking.fetchRequest.predicate = predicate
            let start = ContinuousClock.now
            try tracking.performFetch()
            ours[kind, default: []].append((ContinuousClock.now - start).seconds)
            let fresh = controller()
            fresh.fetchRequest.predicate = predicate
            let freshStart = ContinuousClock.now
            try fresh.performFetch()
            scratch[kind, default: []].append((ContinuousClock.now - freshStart).seconds)
            precondition(
                fresh.fetchedItems.map(\.id) == tracking.fetchedItems.map(\.id), "a reused result differs from a fetch")
        }
        for pass in 0..<passes {
            for word in KeyBenchmarks.filterWords {
                for length in 1...word.count {
                    try keystroke(length == 1 ? .first : .typingOn, String(word.prefix(length)))
                }
                try keystroke(.backspace, String(word.dropLast()))
                try keystroke(.escape, "")
            }
            try context.update(items[pass].id) { $0.isDone.toggle() }
            context.processPendingChanges()
        }
        for kind in Keystroke.allCases {
            guard let mine = ours[kind], let theirs = scratch[kind] else { continue }
            runner.report(
                kind.rawValue, n: count, ours: BenchmarkMeasurement(seconds: mine),
                baseline: .measured(BenchmarkMeasurement(seconds: theirs)), extra: "\(mine.count) keystrokes")
        }
    }

    /// A delegate that does nothing: the controller tracks, and no table work is counted.
    private final class QuietDelegate: FetchedResultsControllerDelegate {}
}
