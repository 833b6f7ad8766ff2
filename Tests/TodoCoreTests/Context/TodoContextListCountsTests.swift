import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Issue 29: the list picker's counts are kept by the context, not recounted, and always equal
/// a count of the current items.
@Suite("TodoContext: to-dos per list")
struct TodoContextListCountsTests {
    @Test(
        """
        Counts kept across random inserts, deletes, moves between lists, undo, redo, rollback, saves, another \
        writer's merged save, a list deleted with its to-dos and a reset equal a recount, in the context and a child
        """)
    func countsFollowEveryChange() throws {
        for scenario in 0..<20 {
            var random = SplitMix64(seed: 2_900 + UInt64(scenario))
            let store = InMemoryStore()
            let clock = TestClock()
            let context = TodoContext(store: store, now: clock.function)
            var lists = [TodoList.standard]
            for index in 1...3 {
                let list = TodoList(name: "List \(index)")
                try context.insertList(list)
                lists.append(list)
            }
            try context.save()
            context.undoStack.removeAll()
            let child = TodoContext(parent: context)
            child.automaticallyMergesChangesFromParent = true
            func recount(_ context: TodoContext, _ id: UUID) throws -> Int {
                try context.fetch(FetchRequest()).filter { $0.listID == id }.count
            }
            func check(_ step: Int) throws {
                for list in lists {
                    for checked in [context, child] {
                        let kept = try checked.count(inList: list.id)
                        let counted = try recount(checked, list.id)
                        #expect(kept == counted, "scenario \(scenario), step \(step), \(list.name)")
                        #expect(try checked.count(for: FetchRequest(predicate: .list(list.id))) == counted)
                    }
                }
            }
            try check(-1)
            for step in 0..<60 {
                clock.advance(seconds: 1)
                let ids = try context.fetch(FetchRequest()).map(\.id)
                let list = lists[Int.random(in: 1..<lists.count, using: &random)].id
                switch (ids.randomElement(using: &random), Int.random(in: 0..<9, using: &random)) {
                case (nil, _), (_, 0):
                    var item = TodoItem(text: "new \(step)", date: nil, createdAt: clock.now)
                    item.listID = lists.randomElement(using: &random)!.id
                    try context.insert(item)
                case (let id?, 1): try context.delete(id)
                case (let id?, 2), (let id?, 3): try context.update(id) { $0.listID = list }
                case (_, 4): context.undo()
                case (_, 5): context.redo()
                case (_, 6): context.rollback()
                case (_, 7):
                    let other = TodoContext(store: store, now: clock.function)
                    var saved: [DidSave] = []
                    let token = other.observeDidSave { saved.append($0) }
                    var item = TodoItem(text: "theirs \(step)", date: nil, createdAt: clock.now)
                    item.listID = list
                    try other.insert(item)
                    try other.save()
                    token.cancel()
                    try context.save()
                    saved.forEach { context.mergeChanges(fromContextDidSave: $0) }
                default: try context.save()
                }
                context.processPendingChanges()
                try check(step)
            }
            let deleted = lists.removeLast()
            _ = try context.deleteList(deleted.id)
            #expect(try context.count(inList: deleted.id) == 0)
            try check(100)
            context.reset()
            try check(101)
        }
    }
}
