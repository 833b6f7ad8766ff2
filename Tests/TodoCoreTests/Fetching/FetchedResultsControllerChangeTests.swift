import Foundation
import Testing
import TodoCore

/// One named test per rule of DESIGN §3.5's table, each with the exact report expected; every
/// report is also replayed onto a table mirror, which must end equal to the controller.
@Suite("FetchedResultsController: change reports")
struct FetchedResultsControllerChangeTests {
    let fixture = ControllerFixture()

    /// A, B, C, D on today at 8, 9, 10 and 11 o'clock.
    func fourToday() throws -> [TodoItem] {
        try fixture.save([
            fixture.item("A", day: 0, hour: 8), fixture.item("B", day: 0, hour: 9),
            fixture.item("C", day: 0, hour: 10), fixture.item("D", day: 0, hour: 11),
        ])
    }

    /// Processes pending changes and returns the report as lines, after checking it on a mirror.
    func report(
        _ controller: FetchedResultsController, _ delegate: RecordingDelegate, mirror: inout TableMirror
    ) throws -> [String] {
        fixture.context.processPendingChanges()
        let events = delegate.events
        try mirror.follow(controller, delegate)
        return events.map(RecordingDelegate.line)
    }

    func update(_ item: TodoItem, _ change: (inout TodoItem) -> Void) throws {
        try fixture.context.update(item.id, change)
    }

    // MARK: Two frames of reference

    @Test("deletes carry old paths, inserts new paths, and moves old to new, in one batch")
    func twoFramesOfReference() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        try update(items[2]) { $0.date = fixture.date(day: 0, hour: 7) }
        try fixture.context.insert(fixture.item("E", day: 0, hour: 12))
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "delete 'A' 0.0", "move 'C' 0.2>0.0", "insert 'E' 0.3", "did",
            ])
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: C B D E"])
    }

    // MARK: Update versus move

    @Test("a content change in place is an update")
    func contentChangeIsUpdate() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[0]) { $0.color = .red }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "update 'A' 0.0>0.0", "did"])
        #expect(controller.item(at: IndexPath(item: 0, section: 0)).color == .red)
    }

    @Test("a re-sort that leaves the item between the same neighbours is an update, not a move to the same path")
    func resortInPlaceIsUpdate() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.date = fixture.date(day: 0, hour: 9.5) }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "update 'B' 0.1>0.1", "did"])
    }

    @Test("an item shifted only by other rows' changes is an update carrying both paths")
    func shiftedItemIsUpdate() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        try update(items[1]) {
            $0.text = "B2"
            $0.date = fixture.date(day: 0, hour: 9.5)
        }
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "delete 'A' 0.0", "update 'B2' 0.1>0.0", "did",
            ])
    }

    @Test("a re-sorted item whose path happens to stay the same is a move when its neighbours change order around it")
    func samePathButReorderedIsMove() throws {
        // [A B C D] -> [C B D]: B keeps path 0.1, but C now precedes it. Reporting B as an update
        // would leave a table showing [B C D]; the move keeps the table exact.
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        try update(items[1]) { $0.date = fixture.date(day: 0, hour: 10.5) }
        #expect(
            try report(controller, delegate, mirror: &mirror) == ["will", "delete 'A' 0.0", "move 'B' 0.1>0.1", "did"])
    }

    @Test("a change that moves an item is one move, never also an update")
    func moveIsNotAlsoUpdate() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[0]) {
            $0.text = "A2"
            $0.color = .blue
            $0.date = fixture.date(day: 0, hour: 12)
        }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "move 'A2' 0.0>0.3", "did"])
        #expect(controller.item(at: IndexPath(item: 3, section: 0)).color == .blue)
    }

    @Test("two items swapping places between the same neighbours: one stays, the other moves")
    func swapMovesOne() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.date = fixture.date(day: 0, hour: 10) }
        try update(items[2]) { $0.date = fixture.date(day: 0, hour: 9) }
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "move 'C' 0.2>0.1", "update 'B' 0.1>0.2", "did",
            ])
    }

    // MARK: Order

    @Test(
        """
        one batch reports will-change, section deletes descending, section inserts ascending, then item deletes, \
        moves, inserts and updates, then did-change
        """
    )
    func fixedOrder() throws {
        let items = try fixture.save([
            fixture.item("P", day: -1), fixture.item("A", day: 0, hour: 8), fixture.item("B", day: 0, hour: 9),
            fixture.item("C", day: 0, hour: 10), fixture.item("D", day: 0, hour: 11), fixture.item("Q", day: 2),
        ])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        try fixture.context.insert(fixture.item("R", day: 1, hour: 12))
        try update(items[3]) { $0.date = fixture.date(day: 1, hour: 8) }
        try update(items[1]) { $0.color = .green }
        try fixture.context.insert(fixture.item("S", day: 0, hour: 12))
        try fixture.context.delete(items[5].id)
        try fixture.context.delete(items[2].id)
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will",
                "section delete 2 2025-01-17", "section delete 0 2025-01-14", "section insert 1 2025-01-16",
                "delete 'Q' 2.0", "delete 'B' 1.1", "delete 'P' 0.0",
                "move 'C' 1.2>1.0",
                "insert 'S' 0.2", "insert 'R' 1.1",
                "update 'A' 1.0>0.0",
                "did",
            ])
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: A D S", "2025-01-16: C R"])
    }

    // MARK: Consistency

    @Test(
        """
        after every batch the rows per section equal the rows before plus inserted minus deleted plus moved in minus \
        moved out
        """
    )
    func consistency() throws {
        let items = try fixture.save((0..<12).map { fixture.item("i\($0)", day: $0 % 4, hour: Double($0)) })
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        var deleted: Set<UUID> = []
        for (step, item) in items.enumerated() {
            if !deleted.contains(item.id) {
                try update(item) { $0.date = fixture.date(day: (step * 7) % 5 - 1, hour: Double(23 - step)) }
            }
            let victim = items[(step + 5) % items.count].id
            if step % 3 == 0, deleted.insert(victim).inserted {
                try fixture.context.delete(victim)
                try fixture.context.insert(fixture.item("n\(step)", day: step % 3, hour: 1))
            }
            if step % 2 == 1 {
                _ = try report(controller, delegate, mirror: &mirror)
            }
        }
        _ = try report(controller, delegate, mirror: &mirror)
        #expect(mirror.sections.map(\.items) == controller.sections.map(\.items))
    }

    // MARK: Cross-section moves

    @Test("an item re-dated into a day without a section yields a section insert plus a move")
    func moveIntoNewSection() throws {
        let items = try fixture.save([fixture.item("A", day: 0), fixture.item("B", day: 0, hour: 10)])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.date = fixture.date(day: 2) }
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "section insert 1 2025-01-17", "move 'B' 0.1>1.0", "did",
            ])
    }

    @Test("the last item leaving a day yields a section delete plus a move")
    func moveOutOfLastSection() throws {
        let items = try fixture.save([fixture.item("A", day: 0), fixture.item("B", day: 1)])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.date = fixture.date(day: 0, hour: 10) }
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "section delete 1 2025-01-16", "move 'B' 1.0>0.1", "did",
            ])
    }

    @Test("a move out of a deleted section into an inserted one, at the same section index, in one batch")
    func moveBetweenReplacedSections() throws {
        let items = try fixture.save([fixture.item("A", day: 0), fixture.item("X", day: 1)])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.date = fixture.date(day: 3) }
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "section delete 1 2025-01-16", "section insert 1 2025-01-18", "move 'X' 1.0>1.0", "did",
            ])
        let inserted = try #require(mirror.sections.last)
        #expect(inserted.title == "Sat 18 Jan")
    }

    @Test("a section delete or insert carries the section's old or new items")
    func sectionInfoItems() throws {
        let items = try fixture.save([
            fixture.item("A", day: 0), fixture.item("B", day: 1), fixture.item("C", day: 1, hour: 10),
        ])
        let (controller, delegate) = try fixture.controller()
        try update(items[1]) { $0.date = fixture.date(day: 5) }
        try update(items[2]) { $0.date = fixture.date(day: 5, hour: 10) }
        fixture.context.processPendingChanges()
        let sections = delegate.takeEvents().compactMap { event -> (FetchedResultsChangeType, [String])? in
            guard case .section(let type, _, let info) = event else { return nil }
            return (type, info.items.map(\.text))
        }
        #expect(sections.map(\.0) == [.delete, .insert])
        #expect(sections.map(\.1) == [["B", "C"], ["B", "C"]])
        #expect(controller.numberOfSections == 2)
    }

    // MARK: Predicate

    @Test("an item edited out of the predicate is deleted, and one edited into it is inserted")
    func predicateMembership() throws {
        let items = try fixture.save([fixture.item("A", day: 0), fixture.item("B", day: 0, hour: 10, isDone: true)])
        let (controller, delegate) = try fixture.controller(FetchRequest(predicate: .isDone(false)))
        var mirror = TableMirror(controller)
        try update(items[0]) { $0.isDone = true }
        try update(items[1]) { $0.isDone = false }
        #expect(
            try report(controller, delegate, mirror: &mirror) == ["will", "delete 'A' 0.0", "insert 'B' 0.0", "did"])
        try update(items[0]) { $0.text = "A (done)" }
        #expect(try report(controller, delegate, mirror: &mirror).isEmpty)
    }

    // MARK: Limits

    /// i1 … i5 today at 1 … 5 o'clock.
    @discardableResult
    func fiveToday() throws -> [TodoItem] {
        try fixture.save((1...5).map { fixture.item("i\($0)", day: 0, hour: Double($0)) })
    }

    @Test("fetchLimit is honoured while tracking: an insert above the limit pushes the last row out")
    func limitInsertPushesOut() throws {
        try fiveToday()
        let (controller, delegate) = try fixture.controller(FetchRequest(fetchLimit: 3))
        var mirror = TableMirror(controller)
        try fixture.context.insert(fixture.item("x", day: 0, hour: 0.5))
        #expect(
            try report(controller, delegate, mirror: &mirror) == ["will", "delete 'i3' 0.2", "insert 'x' 0.0", "did"])
        #expect(controller.fetchedItems.map(\.text) == ["x", "i1", "i2"])
    }

    @Test("fetchLimit while tracking: a deleted row lets the next one in")
    func limitDeletePullsIn() throws {
        let items = try fiveToday()
        let (controller, delegate) = try fixture.controller(FetchRequest(fetchLimit: 3))
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        #expect(
            try report(controller, delegate, mirror: &mirror) == ["will", "delete 'i1' 0.0", "insert 'i4' 0.2", "did"])
        try update(items[4]) { $0.text = "hidden" }
        #expect(try report(controller, delegate, mirror: &mirror).isEmpty)
    }

    @Test("fetchOffset while tracking: an insert before the window shifts a hidden row in and the last row out")
    func offsetShift() throws {
        try fiveToday()
        let (controller, delegate) = try fixture.controller(FetchRequest(fetchLimit: 2, fetchOffset: 1))
        var mirror = TableMirror(controller)
        #expect(controller.fetchedItems.map(\.text) == ["i2", "i3"])
        try fixture.context.insert(fixture.item("x", day: 0, hour: 0.5))
        #expect(
            try report(controller, delegate, mirror: &mirror) == ["will", "delete 'i3' 0.1", "insert 'i1' 0.0", "did"])
    }

    @Test("fetchLimit while tracking: a row crossing the limit can bring its day's section with it")
    func limitCrossingSections() throws {
        let items = try fixture.save([
            fixture.item("a", day: 0), fixture.item("b", day: 0, hour: 10), fixture.item("c", day: 1),
        ])
        let (controller, delegate) = try fixture.controller(FetchRequest(fetchLimit: 2))
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[0].id)
        #expect(
            try report(controller, delegate, mirror: &mirror) == [
                "will", "section insert 1 2025-01-16", "delete 'a' 0.0", "insert 'c' 1.0", "did",
            ])
    }

    // MARK: Midnight

    @Test("at midnight relative titles are recomputed and reported as section updates")
    func midnight() throws {
        try fixture.save([-400, -1, 0, 1, 2].map { fixture.item("d\($0)", day: $0) })
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        #expect(
            controller.sections.map(\.title) == ["Tue 12 Dec 2023", "Yesterday", "Today", "Tomorrow", "Fri 17 Jan"])
        controller.dayDidChange(now: fixture.clock.now + 3_600)
        #expect(delegate.events.isEmpty)
        controller.dayDidChange(now: fixture.date(day: 1, hour: 0))
        #expect(
            delegate.events.map(RecordingDelegate.line) == [
                "will", "section update 1 2025-01-14", "section update 2 2025-01-15", "section update 3 2025-01-16",
                "section update 4 2025-01-17", "did",
            ])
        try mirror.follow(controller, delegate)
        #expect(
            controller.sections.map(\.title) == ["Tue 12 Dec 2023", "Tue 14 Jan", "Yesterday", "Today", "Tomorrow"])
        #expect(controller.today == fixture.date(day: 1, hour: 0))
    }

    @Test("at the new year every section outside the new year gains its year")
    func newYear() throws {
        try fixture.save([fixture.item("a", day: -400), fixture.item("b", day: 0), fixture.item("c", day: 30)])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        controller.dayDidChange(now: fixture.date(day: 351))
        try mirror.follow(controller, delegate)
        #expect(controller.sections.map(\.title) == ["Tue 12 Dec 2023", "Wed 15 Jan 2025", "Fri 14 Feb 2025"])
        #expect(controller.sectionIndexTitles == ["Dec 2023", "Jan 2025", "Feb 2025"])
    }

    // MARK: The result's values

    @Test("a fetch made over unprocessed changes holds their values, and processing them later reports nothing")
    func fetchOverUnprocessedChanges() throws {
        let items = try fourToday()
        try update(items[1]) { $0.text = "B changed" }
        try fixture.context.delete(items[3].id)
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: A B changed C"])
        #expect(try report(controller, delegate, mirror: &mirror) == [])
        try update(items[1]) { $0.text = "B again" }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "update 'B again' 0.1>0.1", "did"])
    }

    @Test(
        """
        values of items outside the predicate are followed too, so one that comes to match enters with its latest \
        value
        """
    )
    func valuesOutsideThePredicate() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller(FetchRequest(predicate: .isDone(false)))
        var mirror = TableMirror(controller)
        try update(items[0]) { $0.isDone = true }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "delete 'A' 0.0", "did"])
        try update(items[0]) { $0.text = "A renamed" }
        #expect(try report(controller, delegate, mirror: &mirror) == [])
        try update(items[0]) { $0.isDone = false }
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "insert 'A renamed' 0.0", "did"])
        #expect(controller.indexPath(forItemWithID: items[0].id) == IndexPath(item: 0, section: 0))
    }

    @Test(
        """
        item(at:) gives an item's value as of the last processed batch, and the new value once the context processes \
        it
        """
    )
    func valueAsOfTheLastBatch() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try update(items[1]) { $0.text = "B changed" }
        #expect(controller.item(at: IndexPath(item: 1, section: 0)) == items[1])
        #expect(controller.fetchedItems.map(\.text) == ["A", "B", "C", "D"])
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "update 'B changed' 0.1>0.1", "did"])
        #expect(controller.item(at: IndexPath(item: 1, section: 0)) == (try fixture.context.item(with: items[1].id)))
    }

    @Test("an item deleted but not yet processed stays readable through the controller, at its old path")
    func deletedUntilProcessed() throws {
        let items = try fourToday()
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        try fixture.context.delete(items[2].id)
        #expect(try fixture.context.item(with: items[2].id) == nil)
        #expect(controller.item(at: IndexPath(item: 2, section: 0)) == items[2])
        #expect(controller.indexPath(forItemWithID: items[2].id) == IndexPath(item: 2, section: 0))
        #expect(try report(controller, delegate, mirror: &mirror) == ["will", "delete 'C' 0.2", "did"])
        #expect(controller.indexPath(forItemWithID: items[2].id) == nil)
        #expect(controller.fetchedItems.map(\.text) == ["A", "B", "D"])
    }

    @Test(
        """
        after a context reset a controller without a delegate still shows what it fetched, and performFetch reads \
        the store again
        """
    )
    func resetWithoutDelegate() throws {
        let items = try fourToday()
        let (controller, _) = try fixture.controller(tracking: false)
        try update(items[0]) { $0.text = "Never saved" }
        fixture.context.processPendingChanges()
        fixture.context.reset()
        #expect(controller.fetchedItems == items)
        #expect(controller.item(at: IndexPath(item: 3, section: 0)) == items[3])
        #expect(controller.indexPath(forItemWithID: items[1].id) == IndexPath(item: 1, section: 0))
        try controller.performFetch()
        #expect(controller.fetchedItems == items)
    }

    @Test(
        """
        a controller on a child context follows the child's batches and the parent's it merges; a parent's reset \
        empties it
        """
    )
    func controllerOnChild() throws {
        let items = try fourToday()
        let child = TodoContext(parent: fixture.context)
        child.automaticallyMergesChangesFromParent = true
        let (controller, delegate) = try fixture.controller(on: child)
        var mirror = TableMirror(controller)
        try child.update(items[0].id) { $0.date = fixture.date(day: 1) }
        #expect(
            controller.item(at: IndexPath(item: 0, section: 0)) == items[0], "the child has not processed the change")
        child.processPendingChanges()
        #expect(
            delegate.events.map(RecordingDelegate.line) == [
                "will", "section insert 1 2025-01-16", "move 'A' 0.0>1.0", "did",
            ])
        try mirror.follow(controller, delegate)

        try update(items[1]) { $0.text = "B from parent" }
        fixture.context.processPendingChanges()
        #expect(delegate.events.map(RecordingDelegate.line) == ["will", "update 'B from parent' 0.0>0.0", "did"])
        try mirror.follow(controller, delegate)
        #expect(controller.item(at: IndexPath(item: 0, section: 0)).text == "B from parent")

        try child.save()
        #expect(delegate.events.isEmpty, "the pushed values are the child's own")
        #expect(try fixture.context.item(with: items[0].id)?.date == fixture.date(day: 1))
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: B from parent C D", "2025-01-16: A"])

        fixture.context.reset()
        #expect(delegate.events.isEmpty && controller.fetchedItems.isEmpty)
        try controller.performFetch()
        #expect(controller.fetchedItems == items)
    }
}
