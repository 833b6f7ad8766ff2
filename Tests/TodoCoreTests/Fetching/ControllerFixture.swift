import Foundation

@testable import TodoCore

/// A store, a context and a calendar for controller tests; today is Wednesday 2025-01-15.
final class ControllerFixture {
    let clock = TestClock()
    let store = InMemoryStore()
    let context: TodoContext
    let calendar: Calendar
    private var nextID = 1

    init(timeZone: String = "UTC") {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone)!
        self.calendar = calendar
        context = TodoContext(store: store, now: clock.function)
    }

    /// `hour` o'clock on the day `day` days after 2025-01-15, in the fixture's calendar.
    func date(day: Int, hour: Double = 9) -> Date {
        let start = calendar.date(byAdding: .day, value: day, to: calendar.startOfDay(for: clock.now))!
        return start + hour * 3_600
    }

    /// A new item with a readable, increasing id (`00000000-…-000000000001`, …).
    func item(_ text: String, day: Int, hour: Double = 9, color: TodoColor = .default, isDone: Bool = false) -> TodoItem
    {
        defer { nextID += 1 }
        let id = UUID(uuidString: "00000000-0000-0000-0000-\(String(nextID).leftPadded(to: 12))")!
        return TodoItem(
            id: id, text: text, date: date(day: day, hour: hour), color: color, isDone: isDone, createdAt: clock.now)
    }

    /// Inserts items into the context, saves them, and returns them.
    @discardableResult
    func save(_ items: [TodoItem]) throws -> [TodoItem] {
        for item in items {
            try context.insert(item)
        }
        try context.save()
        return try items.map { try context.item(with: $0.id)! }
    }

    /// Issue 33's state before the save: items X and Y of one day are saved; the context changes
    /// X's text (unsaved); another context changes Y's colour and, 5 s after this context's change,
    /// X's text, and saves; a refresh takes Y's change and keeps X's same-field conflict for the
    /// save, which `.mergeByPropertyObjectTrump` (set here) settles with the store's `modifiedAt`.
    /// Sorted by `date` then `-modifiedAt` the context shows Y before X until the save, X before Y
    /// after it.
    /// - Returns: the ids of X and Y.
    func waitingConflict() throws -> (x: UUID, y: UUID) {
        let (x, y) = (item("X", day: 0), item("Y", day: 0))
        try save([x, y])
        context.mergePolicy = .mergeByPropertyObjectTrump
        clock.advance(seconds: 10)
        try context.update(x.id) { $0.text = "X here" }
        let other = TodoContext(store: store, now: clock.function)
        clock.advance(seconds: 3)
        try other.update(y.id) { $0.color = .red }
        clock.advance(seconds: 2)
        try other.update(x.id) { $0.text = "X there" }
        try other.save()
        try context.refreshAllObjects()
        return (x.id, y.id)
    }

    /// `date`, then the latest modified first: the order issue 33 was found with.
    static let byModification = FetchRequest(
        sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.modifiedAt, ascending: false)])

    /// A fetched controller on the fixture's context (or on `context`, e.g. a child of it) with a
    /// recording delegate (or none).
    func controller(
        _ request: FetchRequest = FetchRequest(),
        on context: TodoContext? = nil,
        sectionKey: FetchedResultsController.SectionKey = .day,
        tracking: Bool = true,
        cacheName: String? = nil,
        cacheDirectory: String? = nil
    ) throws -> (FetchedResultsController, RecordingDelegate) {
        let controller = FetchedResultsController(
            fetchRequest: request, context: context ?? self.context, sectionKey: sectionKey,
            cacheName: cacheName, cacheDirectory: cacheDirectory, calendar: calendar, now: clock.now
        )
        let delegate = RecordingDelegate()
        if tracking {
            controller.delegate = delegate
        }
        try controller.performFetch()
        return (controller, delegate)
    }

    /// The items' texts per section, e.g. `["2025-01-15": ["A", "B"]]` as ordered pairs.
    static func layout(_ controller: FetchedResultsController) -> [String] {
        controller.sections.map { "\($0.name): \($0.items.map(\.text).joined(separator: " "))" }
    }
}
