import Foundation
import Testing

@testable import TodoCore

@Suite("FetchedResultsController: fetching, sections and modes")
struct FetchedResultsControllerTests {
    let fixture = ControllerFixture()

    @Test("sections are the days of date, named by day and titled relative to today")
    func daySections() throws {
        try fixture.save([
            fixture.item("Tomorrow's", day: 1),
            fixture.item("Late", day: 0, hour: 20),
            fixture.item("Early", day: 0, hour: 7),
            fixture.item("Old", day: -400),
            fixture.item("Yesterday's", day: -1),
            fixture.item("Next week", day: 5),
        ])
        let (controller, _) = try fixture.controller(tracking: false)
        #expect(
            ControllerFixture.layout(controller) == [
                "2023-12-12: Old", "2025-01-14: Yesterday's", "2025-01-15: Early Late", "2025-01-16: Tomorrow's",
                "2025-01-20: Next week",
            ])
        #expect(
            controller.sections.map(\.title) == ["Tue 12 Dec 2023", "Yesterday", "Today", "Tomorrow", "Mon 20 Jan"])
        #expect(controller.sectionIndexTitles == ["Dec 2023", "Jan"])
        #expect(controller.section(forSectionIndexTitle: "Jan", at: 1) == 1)
        #expect(
            controller.fetchedItems.map(\.text) == ["Old", "Yesterday's", "Early", "Late", "Tomorrow's", "Next week"])
        #expect(controller.numberOfSections == 5)
        #expect(controller.numberOfItems(inSection: 2) == 2)
        let late = controller.item(at: IndexPath(item: 1, section: 2))
        #expect(late.text == "Late")
        #expect(controller.indexPath(for: late) == IndexPath(item: 1, section: 2))
        #expect(controller.indexPath(forItemWithID: UUID()) == nil)
    }

    @Test("a descending date order lists the newest day first, and a second descriptor orders within a day")
    func descendingOrder() throws {
        try fixture.save([
            fixture.item("b", day: 0, hour: 9), fixture.item("a", day: 0, hour: 10), fixture.item("c", day: -1),
        ])
        let request = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)])
        let (controller, _) = try fixture.controller(request, tracking: false)
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: a b", "2025-01-14: c"])
        let byText = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.text)])
        let (sortedByText, _) = try fixture.controller(byText, tracking: false)
        #expect(ControllerFixture.layout(sortedByText) == ["2025-01-14: c", "2025-01-15: b a"])
    }

    @Test("the calendar's time zone decides which day an item belongs to")
    func timeZones() throws {
        let tokyo = ControllerFixture(timeZone: "Asia/Tokyo")
        // 2025-01-15 20:00 UTC is already 2025-01-16 05:00 in Tokyo.
        let instant = Date(timeIntervalSince1970: 1_736_971_200)
        try tokyo.save([TodoItem(text: "Call", date: instant, createdAt: instant)])
        try fixture.save([TodoItem(text: "Call", date: instant, createdAt: instant)])
        #expect(try tokyo.controller(tracking: false).0.sections.map(\.name) == ["2025-01-16"])
        #expect(try fixture.controller(tracking: false).0.sections.map(\.name) == ["2025-01-15"])
    }

    @Test("the .none section key puts every item in one section, in any order")
    func singleSection() throws {
        try fixture.save([fixture.item("b", day: 1), fixture.item("a", day: 0)])
        let request = FetchRequest(sortDescriptors: [TodoSortDescriptor(.text)])
        let (controller, _) = try fixture.controller(request, sectionKey: .none, tracking: false)
        #expect(
            controller.sections == [SectionInfo(name: "", title: "", indexTitle: "", items: controller.fetchedItems)])
        #expect(controller.fetchedItems.map(\.text) == ["a", "b"])
        #expect(controller.sectionIndexTitles.isEmpty)
    }

    @Test("performFetch requires a sort descriptor")
    func missingSortDescriptor() throws {
        let controller = FetchedResultsController(
            fetchRequest: FetchRequest(sortDescriptors: []), context: fixture.context, calendar: fixture.calendar,
            now: fixture.clock.now
        )
        #expect(throws: FetchError.missingSortDescriptor) { try controller.performFetch() }
    }

    @Test(
        "a sort order that does not keep each day together throws Core Data's 134060 error instead of broken sections")
    func sortMustKeepDaysTogether() throws {
        try fixture.save([fixture.item("b", day: 0), fixture.item("a", day: 1)])
        let request = FetchRequest(sortDescriptors: [TodoSortDescriptor(.text), TodoSortDescriptor(.date)])
        let controller = FetchedResultsController(
            fetchRequest: request, context: fixture.context, calendar: fixture.calendar, now: fixture.clock.now)
        let error = FetchError.sortSplitsSections(firstDescriptor: TodoSortDescriptor(.text))
        #expect(throws: error) { try controller.performFetch() }
        #expect(error.description.contains("134060"))
        #expect(error.description.contains("must begin with date"))
        #expect(controller.sections.isEmpty)
    }

    @Test("fetchLimit and fetchOffset choose the visible window")
    func window() throws {
        try fixture.save((0..<6).map { fixture.item("i\($0)", day: $0 / 2, hour: Double($0)) })
        let (controller, _) = try fixture.controller(FetchRequest(fetchLimit: 3, fetchOffset: 2), tracking: false)
        #expect(ControllerFixture.layout(controller) == ["2025-01-16: i2 i3", "2025-01-17: i4"])
        #expect(controller.item(at: IndexPath(item: 0, section: 1)).text == "i4")
        #expect(controller.indexPath(for: controller.fetchedItems[0]) == IndexPath(item: 0, section: 0))
        let hidden = try #require(try fixture.context.fetch(FetchRequest()).first)
        #expect(controller.indexPath(for: hidden) == nil)
        let (beyond, _) = try fixture.controller(FetchRequest(fetchOffset: 10), tracking: false)
        #expect(beyond.sections.isEmpty && beyond.fetchedItems.isEmpty)
    }

    @Test("without a delegate nothing is tracked: the result stays as fetched")
    func noTracking() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, _) = try fixture.controller(tracking: false)
        try fixture.context.insert(fixture.item("b", day: 0))
        fixture.context.processPendingChanges()
        #expect(controller.fetchedItems.map(\.text) == ["a"])
        try controller.performFetch()
        #expect(controller.fetchedItems.map(\.text) == ["a", "b"])
    }

    @Test("with a delegate, processed changes update the result and are reported")
    func memoryTracking() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, delegate) = try fixture.controller()
        try fixture.context.insert(fixture.item("b", day: 0))
        fixture.context.processPendingChanges()
        #expect(controller.fetchedItems.map(\.text) == ["a", "b"])
        #expect(delegate.takeLines() == ["will", "insert 'b' 0.1", "did"])
    }

    @Test("nothing is reported until the context processes pending changes (seed 000 prints 'same')")
    func pendingChanges() throws {
        let items = try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 1)])
        let (controller, delegate) = try fixture.controller()
        let before = controller.indexPath(for: items[0])
        try fixture.context.update(items[0].id) {
            $0.text = "Fred"
            $0.date = fixture.date(day: 3)
        }
        let after = controller.indexPath(for: items[0])
        #expect(before == after)
        #expect(controller.item(at: IndexPath(item: 0, section: 0)).text == "a")
        #expect(delegate.events.isEmpty)
        fixture.context.processPendingChanges()
        #expect(controller.indexPath(for: items[0]) == IndexPath(item: 0, section: 1))
        #expect(
            delegate.takeLines() == [
                "will", "section delete 0 2025-01-15", "section insert 1 2025-01-18", "move 'Fred' 0.0>1.0", "did",
            ])
    }

    @Test("a context reset reports nothing, empties the controller, and performFetch restores tracking")
    func reset() throws {
        try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 1)])
        let (controller, delegate) = try fixture.controller()
        fixture.context.reset()
        #expect(delegate.events.isEmpty)
        #expect(controller.fetchedItems.isEmpty && controller.sections.isEmpty && controller.numberOfSections == 0)
        try fixture.context.insert(fixture.item("c", day: 0))
        fixture.context.processPendingChanges()
        #expect(delegate.events.isEmpty)
        try controller.performFetch()
        #expect(controller.fetchedItems.map(\.text) == ["a", "c", "b"])
        try fixture.context.insert(fixture.item("d", day: 1))
        fixture.context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "insert 'd' 1.1", "did"])
    }

    @Test("the delegate is held weakly, and tracking stops when it goes away")
    func weakDelegate() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, _) = try fixture.controller(tracking: false)
        do {
            let delegate = RecordingDelegate()
            controller.delegate = delegate
            try fixture.context.insert(fixture.item("b", day: 0))
            fixture.context.processPendingChanges()
            #expect(delegate.takeLines() == ["will", "insert 'b' 0.1", "did"])
        }
        #expect(controller.delegate == nil)
        try fixture.context.insert(fixture.item("c", day: 0))
        fixture.context.processPendingChanges()
        #expect(controller.fetchedItems.map(\.text) == ["a", "b"])
    }

    @Test("callbacks already see the new result")
    func resultDuringCallbacks() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, delegate) = try fixture.controller()
        var seen: [String] = []
        delegate.onDidChange = { seen = $0.fetchedItems.map(\.text) }
        try fixture.context.insert(fixture.item("b", day: 0))
        fixture.context.processPendingChanges()
        #expect(seen == ["a", "b"])
        #expect(controller.fetchedItems.map(\.text) == seen)
    }

    @Test("a batch the delegate causes from inside a callback is reported after the current one, not inside it")
    func reentrantBatch() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, delegate) = try fixture.controller()
        let context = fixture.context
        let extra = fixture.item("from callback", day: 0, hour: 12)
        delegate.onDidChange = { _ in
            guard (try? context.item(with: extra.id)) == nil else { return }
            try? context.insert(extra)
            context.processPendingChanges()
        }
        try context.insert(fixture.item("b", day: 0))
        context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "insert 'b' 0.1", "did", "will", "insert 'from callback' 0.2", "did"])
        #expect(controller.fetchedItems.map(\.text) == ["a", "b", "from callback"])
    }

    @Test("a snapshot delegate receives one snapshot per batch and no individual changes")
    func snapshotDelegate() throws {
        let items = try fixture.save([fixture.item("a", day: 0)])
        let (controller, delegate) = try fixture.controller()
        delegate.prefersSnapshots = true
        let b = fixture.item("b", day: 1)
        try fixture.context.insert(b)
        fixture.context.processPendingChanges()
        var expected = DiffableSnapshot<String, UUID>()
        expected.appendSections(["2025-01-15", "2025-01-16"])
        expected.appendItems([items[0].id], fingerprints: [items[0].fingerprint], toSection: "2025-01-15")
        expected.appendItems([b.id], fingerprints: [b.fingerprint], toSection: "2025-01-16")
        #expect(delegate.takeEvents() == [.snapshot(expected)])
        #expect(controller.snapshot() == expected)
    }

    @Test("the difference between two snapshots of a controller reloads items whose content changed")
    func snapshotDifference() throws {
        let items = try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 0, hour: 10)])
        let (controller, delegate) = try fixture.controller()
        let before = controller.snapshot()
        try fixture.context.update(items[1].id) { $0.color = .red }
        fixture.context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "update 'b' 0.1>0.1", "did"])
        let difference = controller.snapshot().difference(from: before)
        #expect(difference.reloadedItems == [IndexPath(item: 1, section: 0)])
        #expect(difference.insertedItems.isEmpty && difference.deletedItems.isEmpty && difference.movedItems.isEmpty)
    }

    @Test("a snapshot of the current result made later is the snapshot of then, past changes and another request")
    func snapshotOfCurrentResultLater() throws {
        let items = try fixture.save([
            fixture.item("a", day: 0), fixture.item("b", day: 1), fixture.item("c", day: 1, hour: 10),
        ])
        let (controller, _) = try fixture.controller()
        let then = controller.snapshot()
        let later = controller.snapshotOfCurrentResult()
        #expect(controller.numberOfFetchedItems == 3)
        try fixture.context.update(items[0].id) { $0.text = "a changed" }
        try fixture.context.delete(items[2].id)
        fixture.context.processPendingChanges()
        controller.fetchRequest = FetchRequest(predicate: .textContains("b"))
        try controller.performFetch()
        #expect(controller.numberOfFetchedItems == 1)
        #expect(later() == then)
        #expect(controller.snapshot() != then)
    }
}
