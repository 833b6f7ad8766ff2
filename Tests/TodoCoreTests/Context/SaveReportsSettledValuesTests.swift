import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// Issue 33: a save that settles a conflict which waited for it (a same-field change kept by
/// `refreshAllObjects()`) changes what the context shows — under `.mergeByPropertyObjectTrump`
/// only `modifiedAt`, which the merge takes from the store — and a tracking controller must hear
/// of it like any other change. Through the public API alone, as the reduction.
@Suite("A save reports every value it settles")
struct SaveReportsSettledValuesTests {
    final class CountingDelegate: FetchedResultsControllerDelegate {
        var reports = 0

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            reports += 1
        }
    }

    @Test(
        "a conflict kept by a refresh and settled by the save reaches the controller under every settling policy",
        arguments: [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump, .overwrite, .rollback])
    func settledConflictReachesController(policy: MergePolicy) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("todos.json")
        let clock = TestClock()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/Santiago"))
        let day = clock.now + 86_400

        // 1. Context A on a JSONStore, with a tracking controller (two items of one day, the
        //    later modified first).
        let context = TodoContext(store: JSONStore(path: path), now: clock.function)
        context.mergePolicy = policy
        let x = try context.insert(text: "X", date: day)
        let y = try context.insert(text: "Y", date: day)
        try context.save()
        let request = FetchRequest(
            sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.modifiedAt, ascending: false)],
            fetchLimit: 5)
        let controller = FetchedResultsController(
            fetchRequest: request, context: context, calendar: calendar, now: clock.now)
        let delegate = CountingDelegate()
        controller.delegate = delegate
        try controller.performFetch()

        // 2. A changes X's text, unsaved, at t0.
        clock.advance(seconds: 10)
        let t0 = clock.now
        try context.update(x.id) { $0.text = "X by A" }
        context.processPendingChanges()

        // 3. Another JSONStore on the same file saves another text for X at t0 + 5 s (and a
        //    colour for Y at t0 + 3 s, which A takes without a conflict).
        let other = TodoContext(store: JSONStore(path: path), now: clock.function)
        clock.advance(seconds: 3)
        try other.update(y.id) { $0.color = .red }
        clock.advance(seconds: 2)
        try other.update(x.id) { $0.text = "X by B" }
        try other.save()

        // 4. A same-field change: A's change waits for the save.
        try context.refreshAllObjects()
        #expect(controller.fetchedItems.map(\.text) == ["Y", "X by A"])
        let reportsBeforeSave = delegate.reports

        // 5. The save settles the conflict by the policy.
        try context.save()
        let stored = try #require(try JSONStore(path: path).load().items.first { $0.id == x.id })
        let shown = try #require(try context.item(with: x.id))
        #expect(shown == stored)
        if policy == .overwrite {
            #expect(stored.modifiedAt == t0, "overwrite writes the whole in-memory item")
        } else {
            #expect(stored.modifiedAt == t0 + 5)
            #expect(delegate.reports == reportsBeforeSave + 1, "the settled value is reported as one batch")
        }
        #expect(controller.fetchedItems == (try context.fetch(request)))
        #expect(controller.sections.flatMap(\.items) == controller.fetchedItems)
    }
}
