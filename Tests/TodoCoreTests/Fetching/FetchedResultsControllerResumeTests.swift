import Foundation
import Testing

@testable import TodoCore

/// Issue 18.4: a controller whose delegate was nil for a while resumes tracking over a current
/// result — it catches up with the context and reports what changed meanwhile as one batch.
@Suite("FetchedResultsController: tracking that resumes")
struct FetchedResultsControllerResumeTests {
    let fixture = ControllerFixture()

    @Test(
        "18.4: a delegate set back after nil receives the delete, insert and move it missed, and the result is current")
    func resumeReportsMissedChanges() throws {
        let items = try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 0), fixture.item("c", day: 1)])
        let (controller, delegate) = try fixture.controller()
        var mirror = TableMirror(controller)
        controller.delegate = nil
        try fixture.context.delete(items[0].id)
        try fixture.context.insert(fixture.item("d", day: 1, hour: 12))
        try fixture.context.update(items[1].id) { $0.date = fixture.date(day: 2) }
        fixture.context.processPendingChanges()
        #expect(delegate.events.isEmpty)

        controller.delegate = delegate
        #expect(ControllerFixture.layout(controller) == ["2025-01-16: c d", "2025-01-17: b"])
        #expect(
            delegate.events.map(RecordingDelegate.line) == [
                "will", "section delete 0 2025-01-15", "section insert 1 2025-01-17",
                "delete 'a' 0.0", "move 'b' 0.1>1.0", "insert 'd' 0.1", "did",
            ])
        try mirror.follow(controller, delegate)
        let (fresh, _) = try fixture.controller(tracking: false)
        #expect(ControllerFixture.layout(controller) == ControllerFixture.layout(fresh))

        try fixture.context.insert(fixture.item("e", day: 2, hour: 12))
        fixture.context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "insert 'e' 1.1", "did"])
    }

    @Test("33: a delegate set back after a save that settled a waiting conflict receives the move it missed")
    func resumeAfterSettlingSave() throws {
        try fixture.waitingConflict()
        let (controller, delegate) = try fixture.controller(ControllerFixture.byModification)
        #expect(controller.fetchedItems.map(\.text) == ["Y", "X here"])
        controller.delegate = nil
        try fixture.context.save()
        controller.delegate = delegate
        #expect(delegate.takeLines() == ["will", "move 'X here' 0.1>0.0", "did"])
        #expect(controller.fetchedItems == (try fixture.context.fetch(ControllerFixture.byModification)))
    }

    @Test("18.4: changes still pending when tracking resumes are reported when the context processes them, once")
    func resumeLeavesPendingChanges() throws {
        try fixture.save([fixture.item("a", day: 0)])
        let (controller, delegate) = try fixture.controller()
        controller.delegate = nil
        try fixture.context.insert(fixture.item("b", day: 0))
        controller.delegate = delegate
        #expect(delegate.events.isEmpty)
        #expect(controller.fetchedItems.map(\.text) == ["a"])
        fixture.context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "insert 'b' 0.1", "did"])
    }

    @Test("18.4: a snapshot delegate set back receives the current snapshot")
    func resumeWithSnapshots() throws {
        let items = try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 1)])
        let (controller, delegate) = try fixture.controller()
        delegate.prefersSnapshots = true
        controller.delegate = nil
        try fixture.context.delete(items[1].id)
        fixture.context.processPendingChanges()
        controller.delegate = delegate
        #expect(delegate.takeLines() == ["snapshot [\"2025-01-15\"]"])
    }

    @Test("A delegate set right after a fetch has nothing to catch up with, and no pass compares the result")
    func delegateAfterFetchComparesNothing() throws {
        try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 1)])
        let (controller, _) = try fixture.controller(tracking: false)
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        #expect(controller.catchUpComparisons == 0)
        #expect(delegate.events.isEmpty)
        try fixture.context.insert(fixture.item("c", day: 1, hour: 12))
        fixture.context.processPendingChanges()
        #expect(delegate.takeLines() == ["will", "insert 'c' 1.1", "did"])

        controller.delegate = nil
        controller.delegate = delegate
        #expect(controller.catchUpComparisons == 0, "the batch applied while tracking kept the result current")
        #expect(delegate.events.isEmpty)
    }

    @Test("A delegate set after changes processed since a fetch without one receives them, found by one pass")
    func delegateAfterProcessedChangesCatchesUp() throws {
        let items = try fixture.save([fixture.item("a", day: 0), fixture.item("b", day: 1)])
        let (controller, _) = try fixture.controller(tracking: false)
        try fixture.context.update(items[0].id) { $0.text = "A" }
        fixture.context.processPendingChanges()
        let delegate = RecordingDelegate()
        controller.delegate = delegate
        #expect(controller.catchUpComparisons == 1)
        #expect(delegate.takeLines() == ["will", "update 'A' 0.0>0.0", "did"])

        controller.delegate = nil
        fixture.context.reset()
        controller.delegate = delegate
        #expect(controller.catchUpComparisons == 2, "a reset is a processed batch too")
        #expect(delegate.takeLines() == ["will", "update 'a' 0.0>0.0", "did"], "the reset forgot the unsaved edit")
        #expect(ControllerFixture.layout(controller) == ["2025-01-15: a", "2025-01-16: b"])
    }
}
