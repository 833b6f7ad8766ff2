import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The getting-started article's code (`Sources/TodoCore/TodoCore.docc/GettingStarted.md`), run
/// as written, so the article cannot drift from the API.
@Suite("The getting-started article")
struct GettingStartedTests {
    final class TableDriver: FetchedResultsControllerDelegate {
        var log: [String] = []

        func controllerWillChangeContent(_ controller: FetchedResultsController) {
            log.append("begin")
        }

        func controller(
            _ controller: FetchedResultsController, didChange item: TodoItem, at indexPath: IndexPath?,
            for type: FetchedResultsChangeType, newIndexPath: IndexPath?
        ) {
            log.append("\(type) \(item.text)")
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            log.append("end")
        }
    }

    @Test("a context, a fetch, and a controller driving a table")
    func article() throws {
        let folder = try TemporaryDirectory()
        let store = JSONStore(path: folder.path("todos.json"))
        let context = TodoContext(store: store, now: Date.init)
        context.mergePolicy = .mergeByPropertyObjectTrump

        // Fixed times of one day: two items dated Date() can share a millisecond, and their
        // order is then their random ids'.
        let nine = Calendar.current.startOfDay(for: Date()) + 9 * 3_600  // 9:00 today
        let milk = try context.insert(text: "Buy milk", date: nine)
        try context.update(milk.id) { $0.priority = .high }
        try context.save()

        let open = FetchRequest(predicate: .isDone(false), sortDescriptors: [TodoSortDescriptor(.date)])
        let items = try context.fetch(open)
        #expect(items.map(\.text) == ["Buy milk"] && items.first?.priority == .high)

        let controller = FetchedResultsController(
            fetchRequest: FetchRequest(sortDescriptors: [TodoSortDescriptor(.date)]),
            context: context, calendar: .current, now: Date())
        let driver = TableDriver()
        controller.delegate = driver
        try controller.performFetch()

        try context.insert(text: "Call mum", date: nine + 3_600)
        context.processPendingChanges()
        #expect(driver.log == ["begin", "insert Call mum", "end"])
        #expect(controller.item(at: IndexPath(item: 1, section: 0)).text == "Call mum")
    }
}
