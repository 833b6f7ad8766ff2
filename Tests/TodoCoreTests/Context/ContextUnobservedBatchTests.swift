import Foundation
import Testing

@testable import TodoCore

/// A context with nobody observing its batches builds neither their items nor, outside undo,
/// their change groups (`processPendingChanges()`); what it does must not differ from a context
/// that is observed: the same values, batch count, undo and unsaved state.
@Suite("Batches nobody observes")
struct ContextUnobservedBatchTests {
    let clock = TestClock()

    /// Runs the same steps on a context with an observer and one without, each over its own
    /// store, comparing what each step leaves.
    func compareObservedWithUnobserved(_ steps: [(TodoContext) throws -> Void]) throws {
        let observed = TodoContext(store: InMemoryStore(), now: clock.function)
        let unobserved = TodoContext(store: InMemoryStore(), now: clock.function)
        var batches: [ObjectsDidChange] = []
        let token = observed.observeObjectsDidChange { batches.append($0) }
        defer { withExtendedLifetime(token) {} }
        for (number, step) in steps.enumerated() {
            try step(observed)
            try step(unobserved)
            #expect(unobserved.processedBatchCount == observed.processedBatchCount, "after step \(number)")
            #expect(unobserved.processedBatchCount == batches.count, "after step \(number)")
            #expect(
                try unobserved.fetch(FetchRequest()) == (try observed.fetch(FetchRequest())), "after step \(number)")
            #expect(unobserved.canUndo == observed.canUndo, "after step \(number)")
            #expect(unobserved.canRedo == observed.canRedo, "after step \(number)")
            #expect(unobserved.hasChanges == observed.hasChanges, "after step \(number)")
        }
    }

    static let ids = (0..<300).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", $0)) ?? UUID() }

    func item(_ number: Int, text: String) -> TodoItem {
        TodoItem(id: Self.ids[number], text: text, date: clock.now, createdAt: clock.now)
    }

    @Test("inserts, saves, edits, deletes, undo and redo leave the same state observed or not")
    func sameStateObservedOrNot() throws {
        try compareObservedWithUnobserved([
            { context in
                for number in 0..<300 { try context.insert(item(number, text: "item \(number)")) }
            },
            { context in try context.save() },
            { context in
                try context.update(Self.ids[3]) { $0.text = "edited" }
                try context.delete(Self.ids[4])
                context.processPendingChanges()
            },
            { context in try context.save() },
            { context in context.undo() },
            { context in try context.save() },
            { context in context.redo() },
            // Changed and changed back before processing: no batch either way.
            { context in
                try context.update(Self.ids[5]) { $0.text = "for a moment" }
                try context.update(Self.ids[5]) { $0.text = "item 5" }
                context.processPendingChanges()
            },
            { context in try context.save() },
            { context in context.rollback() },
        ])
    }

    @Test("a save without observers can be undone as one step, and leaves nothing unsaved")
    func undoAfterUnobservedSave() throws {
        let context = TodoContext(store: InMemoryStore(), now: clock.function)
        for number in 0..<20 { try context.insert(item(number, text: "item \(number)")) }
        try context.save()
        #expect(!context.hasChanges)
        #expect(!context.hasChanges(for: Self.ids[0]))
        #expect(context.insertedItems.isEmpty)
        #expect(try context.fetch(FetchRequest()).map(\.version) == Array(repeating: 1, count: 20))
        context.undo()
        #expect(try context.fetch(FetchRequest()).isEmpty)
        #expect(context.deletedItems.count == 20)
    }

    @Test("an observer that arrives after unobserved changes receives every item of the next batch")
    func observerArrivingLater() throws {
        let context = TodoContext(store: InMemoryStore(), now: clock.function)
        try context.insert(item(0, text: "before"))
        try context.insert(item(1, text: "before too"))
        var batches: [ObjectsDidChange] = []
        let token = context.observeObjectsDidChange { batches.append($0) }
        defer { withExtendedLifetime(token) {} }
        context.processPendingChanges()
        #expect(batches.count == 1)
        #expect(Set(batches.first?.inserted.map(\.id) ?? []) == Set(Self.ids[0...1]))
        try context.save()
        #expect(batches.count == 2)
        #expect(batches.last?.updated.map(\.new.version) == [1, 1])
    }

    @Test("room made for many changes changes nothing a batch, a save or undo shows")
    func reservingRoomChangesNothing() throws {
        try compareObservedWithUnobserved([
            { context in
                try context.insert(item(0, text: "before the room"))
                context.reserveCapacity(forChanges: 1_000)
                for number in 1..<300 { try context.insert(item(number, text: "item \(number)")) }
                context.reserveCapacity(forChanges: 0)
            },
            { context in try context.save() },
            { context in context.undo() },
        ])
        let context = TodoContext(store: InMemoryStore(), now: clock.function)
        try context.insert(item(0, text: "pending"))
        context.reserveCapacity(forChanges: 500)
        #expect(context.insertedItems.map(\.id) == [Self.ids[0]])
        #expect(context.hasChanges(for: Self.ids[0]))
        #expect(context.canUndo)
    }
}
