import Foundation
import TodoCore

/// The `controller` group: one insert, delete or re-date processed by a tracking
/// `FetchedResultsController` over N items, against a naive refetch + sort + re-section of the
/// same context measured in the same run.
///
/// A change is timed from the context call through `processPendingChanges()`, with a delegate
/// that does nothing, so no delegate work is counted. The same change with the controller not
/// tracking is timed too: the context's own share. The `controller` column is the difference of
/// the medians, the cost DESIGN §3.5 bounds (≤ 10 µs at 100,000 items).
enum ControllerBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "controller",
            summary:
                "one change through context + tracking FetchedResultsController (no-op delegate); baseline a naive "
                + "refetch + sort + re-section",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        for count in runner.sizes([1_000, 10_000, 100_000]) {
            do {
                let bench = try Bench(count: count)
                let naive = runner.measure { blackHole(bench.naiveRefetch()) }
                let changes = runner.isQuick ? 200 : 3_000
                for change in Change.allCases {
                    let tracked = try bench.measure(change, changes: changes, tracking: true)
                    let alone = try bench.measure(change, changes: changes, tracking: false)
                    let share = BenchmarkMeasurement.format(max(0, tracked.median - alone.median))
                    let cpuShare = BenchmarkMeasurement.format(max(0, tracked.cpuMedian - alone.cpuMedian))
                    let extra =
                        "controller \(share) (cpu \(cpuShare)), context alone "
                        + "\(BenchmarkMeasurement.format(alone.median))"
                    runner.report("one \(change)", n: count, ours: tracked, baseline: .measured(naive), extra: extra)
                }
            } catch {
                print("controller benchmark at \(count.grouped) items failed: \(error)")
            }
        }
    }

    enum Change: String, CaseIterable, CustomStringConvertible {
        case insert, delete, redate = "re-date"
        /// What the app's editor does: a child context takes the parent's values, inserts, and
        /// pushes the insert into the parent (whose processed batch the controller tracks).
        case childInsert = "insert through a child context"

        var description: String { rawValue }
    }

    /// A context holding `count` items over a year of days, and a controller on it.
    final class Bench: FetchedResultsControllerDelegate {
        let context: TodoContext
        let controller: FetchedResultsController
        let calendar: Calendar
        let request = FetchRequest()
        private(set) var items: [TodoItem]
        private var random: BenchmarkRandom
        private let start = Date(timeIntervalSince1970: 1_735_689_600)

        init(count: Int) throws {
            random = BenchmarkRandom(seed: UInt64(count))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            self.calendar = calendar
            items = []
            let now = start
            context = TodoContext(store: InMemoryStore(), now: { now })
            controller = FetchedResultsController(fetchRequest: request, context: context, calendar: calendar, now: now)
            items = (0..<count).map { index in makeItem(index) }
            for item in items {
                try context.insert(item)
            }
            try context.save()
            controller.delegate = self
            try controller.performFetch()
        }

        private func makeItem(_ index: Int) -> TodoItem {
            TodoItem(
                id: random.uuid(), text: "Item \(index)", date: randomDate(), color: .allCases[index % 8],
                createdAt: start)
        }

        /// An instant within 2025, to the minute.
        private func randomDate() -> Date {
            start + Double(Int.random(in: 0..<525_600, using: &random)) * 60
        }

        /// Times `changes` single changes of one kind, each processed as its own batch and undone
        /// untimed, with the controller tracking or not.
        func measure(_ change: Change, changes: Int, tracking: Bool) throws -> BenchmarkMeasurement {
            controller.delegate = tracking ? self : nil
            defer { controller.delegate = self }
            if tracking {
                try controller.performFetch()
            }
            var seconds: [Double] = []
            var cpuSeconds: [Double] = []
            seconds.reserveCapacity(changes)
            cpuSeconds.reserveCapacity(changes)
            /// Times `change` followed by `processPendingChanges()`.
            func timed(_ change: () throws -> Void) throws {
                let cpuStart = BenchmarkRunner.threadCPUSeconds()
                let begin = ContinuousClock.now
                try change()
                context.processPendingChanges()
                let elapsed = ContinuousClock.now - begin
                cpuSeconds.append(BenchmarkRunner.threadCPUSeconds() - cpuStart)
                seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
            for _ in 0..<changes {
                let target = items[Int.random(in: items.indices, using: &random)]
                switch change {
                case .insert:
                    let item = makeItem(items.count)
                    try timed { try context.insert(item) }
                    try context.delete(item.id)
                case .delete:
                    try timed { try context.delete(target.id) }
                    try context.insert(target)
                case .childInsert:
                    let item = makeItem(items.count)
                    try timed {
                        let child = TodoContext(parent: context)
                        try child.insert(item)
                        try child.save()
                    }
                    try context.delete(item.id)
                case .redate:
                    let date = randomDate()
                    try timed { try context.update(target.id) { $0.date = date } }
                    try context.update(target.id) { $0.date = target.date }
                }
                context.processPendingChanges()
            }
            return BenchmarkMeasurement(seconds: seconds, cpuSeconds: cpuSeconds)
        }

        /// What a program without a controller does after a change: fetch and sort everything,
        /// then cut the result into days.
        func naiveRefetch() -> [[TodoItem]] {
            var sections: [[TodoItem]] = []
            var lastDay: Date?
            for item in (try? context.fetch(request)) ?? [] {
                let day = item.date.map(calendar.startOfDay(for:))
                if day != lastDay {
                    sections.append([])
                    lastDay = day
                }
                sections[sections.count - 1].append(item)
            }
            return sections
        }
    }
}
