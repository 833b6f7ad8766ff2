import Foundation
import Testing

@testable import TodoCore

/// A controller whose order begins with `.day` (issue 15: higher priority first within a day):
/// sections stay days, the sort/section rule accepts the day key in the controller's own days
/// only, changes of priority move items within their day, and the cache is used.
@Suite("FetchedResultsController: day, then priority")
final class FetchedResultsControllerDaySortTests {
    let fixture = ControllerFixture(timeZone: "Asia/Kathmandu")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "controller-day-sort-\(UUID().uuidString)"
    ).path

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func request(ascending: Bool = true, calendar: Calendar? = nil) -> FetchRequest {
        FetchRequest(sortDescriptors: [
            .day(ascending: ascending, in: calendar ?? fixture.calendar),
            TodoSortDescriptor(.priority, ascending: false), TodoSortDescriptor(.date),
        ])
    }

    func item(_ text: String, day: Int, hour: Double, priority: TodoPriority) -> TodoItem {
        var item = fixture.item(text, day: day, hour: hour)
        item.priority = priority
        return item
    }

    @Test("sections are days; within each, higher priority first, then by time; descending reverses the days")
    func sections() throws {
        try fixture.save([
            item("late high", day: 0, hour: 21, priority: .high),
            item("early none", day: 0, hour: 6, priority: .none),
            item("noon medium", day: 0, hour: 12, priority: .medium),
            item("yesterday low", day: -1, hour: 23, priority: .low),
            item("tomorrow high", day: 1, hour: 0.5, priority: .high),
            item("yesterday high", day: -1, hour: 23.5, priority: .high),
        ])
        let (controller, _) = try fixture.controller(request(), tracking: false)
        #expect(
            ControllerFixture.layout(controller) == [
                "2025-01-14: yesterday high yesterday low", "2025-01-15: late high noon medium early none",
                "2025-01-16: tomorrow high",
            ])
        let (newest, _) = try fixture.controller(request(ascending: false), tracking: false)
        #expect(
            ControllerFixture.layout(newest) == [
                "2025-01-16: tomorrow high", "2025-01-15: late high noon medium early none",
                "2025-01-14: yesterday high yesterday low",
            ])
    }

    @Test("a change of priority is a move within the day; a re-date moves the item to its new day's place")
    func changesMove() throws {
        let saved = try fixture.save([
            item("a", day: 0, hour: 8, priority: .none),
            item("b", day: 0, hour: 9, priority: .low),
            item("c", day: 1, hour: 9, priority: .medium),
        ])
        let (controller, delegate) = try fixture.controller(request())
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: b a", "2025-01-16: c"])
        try fixture.context.update(saved[0].id) { $0.priority = .high }
        fixture.context.processPendingChanges()
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: a b", "2025-01-16: c"])
        let moves = delegate.events.compactMap { event -> (IndexPath?, IndexPath?)? in
            if case .item(.move, _, let old, let new) = event { return (old, new) }
            return nil
        }
        #expect(moves.count == 1)
        #expect(moves.first?.0 == IndexPath(item: 1, section: 0))
        #expect(moves.first?.1 == IndexPath(item: 0, section: 0))
        delegate.events.removeAll()
        let noon = fixture.date(day: 1, hour: 12)
        try fixture.context.update(saved[0].id) { $0.date = noon }
        fixture.context.processPendingChanges()
        // High priority on its new day: before c, whose time is earlier.
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: b", "2025-01-16: a c"])
    }

    @Test("the day key in other days than the controller's splits sections: Core Data's 134060")
    func otherDaysRefused() throws {
        try fixture.save([item("a", day: 0, hour: 8, priority: .none)])
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let foreign = request(calendar: utc)
        let controller = FetchedResultsController(
            fetchRequest: foreign, context: fixture.context, calendar: fixture.calendar, now: fixture.clock.now)
        let error = FetchError.sortSplitsSections(firstDescriptor: foreign.sortDescriptors[0])
        #expect(throws: error) { try controller.performFetch() }
        #expect(error.description.contains("day(gregorian \(utc.timeZone.identifier))"), "\(error)")
        // Without day sections any order is allowed.
        let (single, _) = try fixture.controller(foreign, sectionKey: .none, tracking: false)
        #expect(single.fetchedItems.map(\.text) == ["a"])
    }

    @Test("a cache written for a day request is used by the next fetch, and agrees with a fresh fetch")
    func cacheUsed() throws {
        try fixture.save([
            item("a", day: 0, hour: 8, priority: .none), item("b", day: 0, hour: 9, priority: .high),
            item("c", day: -2, hour: 9, priority: .low),
        ])
        func fetched() throws -> FetchedResultsController {
            let controller = FetchedResultsController(
                fetchRequest: request(), context: fixture.context, cacheName: "list", cacheDirectory: directory,
                calendar: fixture.calendar, now: fixture.clock.now)
            try controller.performFetch()
            return controller
        }
        #expect(try fetched().lastCacheOutcome == .missing)
        let second = try fetched()
        #expect(second.lastCacheOutcome == .used)
        #expect(ControllerFixture.layout(second) == ["2025-01-13: c", "2025-01-15: b a"])
    }
}
