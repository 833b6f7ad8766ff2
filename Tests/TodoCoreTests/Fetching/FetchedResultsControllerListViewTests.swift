import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 29: the views of one list and of every list are made from the kept, tracked result of
/// every list (narrowed by the keys' list, or taken as it is) instead of fetched, and each is
/// exactly what a fetch from scratch gives, across moves between lists, edits that change the
/// order, deletes, inserts, undo and redo, saves, and with lists whose ids share their first
/// eight bytes.
@Suite("FetchedResultsController: list views from the kept result")
struct FetchedResultsControllerListViewTests {
    /// The app's order: days, higher priority first, then time.
    static func appRequest(_ fixture: ControllerFixture) -> FetchRequest {
        FetchRequest(sortDescriptors: [
            .day(ascending: true, in: fixture.calendar), TodoSortDescriptor(.priority, ascending: false),
            TodoSortDescriptor(.date),
        ])
    }

    /// The ids per section of a new controller fetching `request` from scratch.
    static func fresh(_ request: FetchRequest, _ fixture: ControllerFixture) throws -> [[UUID]] {
        let controller = FetchedResultsController(
            fetchRequest: request, context: fixture.context, calendar: fixture.calendar, now: fixture.clock.now)
        try controller.performFetch()
        return ids(controller)
    }

    static func ids(_ controller: FetchedResultsController) -> [[UUID]] {
        controller.sections.map { $0.items.map(\.id) }
    }

    /// A list whose id shares its first eight bytes with the standard list's.
    static func twinOfStandard(_ last: UInt8) -> TodoList {
        TodoList(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, last)), name: "Twin \(last)")
    }

    @Test("After a move out of a list, All lists is the kept result followed through the change; a list is narrowed")
    func allListsAfterMoveIsKept() throws {
        let fixture = ControllerFixture()
        let work = TodoList(name: "Work")
        try fixture.context.insertList(work)
        var report = fixture.item("Report", day: 0)
        report.listID = work.id
        try fixture.save([report, fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 1)])
        let (controller, delegate) = try fixture.controller(Self.appRequest(fixture))
        var mirror = TableMirror(controller)
        controller.fetchRequest.predicate = .list(work.id)
        try controller.performFetch()
        #expect(controller.lastReuse == .narrowed)
        #expect(Self.ids(controller) == (try Self.fresh(controller.fetchRequest, fixture)))
        mirror = TableMirror(controller)
        try fixture.context.update(report.id) { $0.listID = TodoList.standardID }
        try fixture.context.save()
        // The list's report is exact: the moved row leaves.
        try mirror.follow(controller, delegate)
        #expect(controller.fetchedItems.isEmpty)
        controller.fetchRequest.predicate = .all
        try controller.performFetch()
        #expect(controller.lastReuse == .kept)
        #expect(Self.ids(controller) == (try Self.fresh(controller.fetchRequest, fixture)))
        #expect(controller.fetchedItems == (try fixture.context.fetch(controller.fetchRequest)))
        controller.fetchRequest.predicate = .list(TodoList.standardID)
        try controller.performFetch()
        #expect(controller.lastReuse == .narrowed)
        #expect(controller.fetchedItems.map(\.text) == ["Report", "Buy milk", "Call Mum"])
    }

    @Test("A controller that stopped tracking drops its kept result instead of following it past a missed change")
    func untrackedChangeDropsKept() throws {
        let fixture = ControllerFixture()
        let work = TodoList(name: "Work")
        try fixture.context.insertList(work)
        try fixture.save([fixture.item("Buy milk", day: 0), fixture.item("Call Mum", day: 1)])
        let (controller, delegate) = try fixture.controller(Self.appRequest(fixture))
        controller.fetchRequest.predicate = .list(work.id)
        try controller.performFetch()
        controller.delegate = nil
        try fixture.context.insert(fixture.item("Unseen", day: 0))
        try fixture.context.save()
        controller.delegate = delegate
        try fixture.context.insert(fixture.item("Seen", day: 0))
        try fixture.context.save()
        controller.fetchRequest.predicate = .all
        try controller.performFetch()
        #expect(controller.lastReuse == nil)
        #expect(Self.ids(controller) == (try Self.fresh(controller.fetchRequest, fixture)))
    }

    @Test(
        """
        Random stores in random lists, random switches between views and random changes (moves, re-dates, \
        re-prioritising, edits, deletes, inserts, undo, redo, saves): every view equals a fresh fetch and every \
        report replayed onto the table reproduces it
        """)
    func randomSwitchesAndChanges() throws {
        var totals = (switches: 0, reused: 0, changes: 0)
        for scenario in 0..<60 {
            var random = SplitMix64(seed: 29_000 + UInt64(scenario))
            do {
                try Self.run(scenario: scenario, random: &random, totals: &totals)
            } catch {
                Issue.record("scenario \(scenario): \(error)")
                return
            }
        }
        #expect(totals.switches > 600)
        // Most switches are made from the kept result, not fetched.
        #expect(totals.reused > totals.switches / 2)
        #expect(totals.changes > 1_200)
    }

    private static func run(
        scenario: Int, random: inout SplitMix64, totals: inout (switches: Int, reused: Int, changes: Int)
    ) throws {
        let fixture = ControllerFixture()
        let twins = scenario % 2 == 0
        var lists = [TodoList.standard]
        for index in 1..<Int.random(in: 2...5, using: &random) {
            let list = twins ? twinOfStandard(UInt8(index + 1)) : TodoList(name: "List \(index)")
            try fixture.context.insertList(list)
            lists.append(list)
        }
        try fixture.save(
            (0..<Int.random(in: 0..<120, using: &random)).map { _ in newItem(fixture, lists: lists, random: &random) })
        // Undo takes back the scenario's changes, not the lists it made.
        fixture.context.undoStack.removeAll()
        let (controller, delegate) = try fixture.controller(appRequest(fixture))
        let views: [TodoPredicate] =
            [.all, .textContains("milk")]
            + lists.flatMap { [TodoPredicate.list($0.id), .and([.list($0.id), .textContains("mi")])] }
        var mirror = TableMirror(controller)
        for _ in 0..<40 {
            if Int.random(in: 0..<3, using: &random) == 0 {
                controller.fetchRequest.predicate = views.randomElement(using: &random)!
                try controller.performFetch()
                totals.switches += 1
                if controller.lastReuse != nil { totals.reused += 1 }
                mirror = TableMirror(controller)
            } else {
                try change(fixture, lists: lists, random: &random)
                totals.changes += 1
                try mirror.follow(controller, delegate)
            }
            let fetched = try fixture.context.fetch(controller.fetchRequest)
            guard controller.fetchedItems == fetched, ids(controller) == (try fresh(controller.fetchRequest, fixture))
            else {
                throw TableMirror.Violation(
                    description:
                        "\(controller.fetchRequest.predicate) holds \(controller.fetchedItems.map(\.text)), a fresh "
                        + "fetch \(fetched.map(\.text)) (reuse \(String(describing: controller.lastReuse)))")
            }
        }
    }

    /// A random new item in one of `lists`, undated one time in six.
    private static func newItem(_ fixture: ControllerFixture, lists: [TodoList], random: inout SplitMix64) -> TodoItem {
        let texts = ["milk", "Buy milk", "call mum", "ﬁle taxes", "café", "report"]
        var item = fixture.item(
            texts.randomElement(using: &random)!, day: Int.random(in: -3...3, using: &random),
            hour: Double(Int.random(in: 0..<4, using: &random) * 6))
        item.listID = lists.randomElement(using: &random)!.id
        item.priority = TodoPriority.allCases.randomElement(using: &random)!
        if Int.random(in: 0..<6, using: &random) == 0 { item.date = nil }
        return item
    }

    /// One random change of the context, processed.
    private static func change(_ fixture: ControllerFixture, lists: [TodoList], random: inout SplitMix64) throws {
        let context = fixture.context
        let ids = try context.fetch(FetchRequest()).map(\.id)
        let id = ids.randomElement(using: &random)
        fixture.clock.advance(seconds: 1)
        switch (id, Int.random(in: 0..<10, using: &random)) {
        case (nil, _), (_, 0):
            try context.insert(newItem(fixture, lists: lists, random: &random))
        case (let id?, 1):
            try context.delete(id)
        case (let id?, 2), (let id?, 3):
            let list = lists.randomElement(using: &random)!.id
            try context.update(id) { $0.listID = list }
        case (let id?, 4):
            let date = fixture.date(day: Int.random(in: -3...3, using: &random))
            try context.update(id) { $0.date = date }
        case (let id?, 5):
            let priority = TodoPriority.allCases.randomElement(using: &random)!
            try context.update(id) { $0.priority = priority }
        case (let id?, 6):
            let text = ["milk tea", "mum", "ﬁ", "Report"].randomElement(using: &random)!
            try context.update(id) { $0.text = text }
        case (_, 7):
            context.undo()
        case (_, 8):
            context.redo()
        default:
            try context.save()
        }
        context.processPendingChanges()
    }
}
