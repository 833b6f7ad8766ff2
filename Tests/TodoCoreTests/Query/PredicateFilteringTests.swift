import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// Filtering keeps the items' order and agrees with the predicate item by item, also under a
/// fetch limit and offset.
@Suite("Predicate filtering")
struct PredicateFilteringTests {
    static let items: [TodoItem] = {
        var random = SplitMix64(seed: 21)
        let words = ["milk", "Rent", "plants", "우유", "café", "dentist"]
        return (0..<40_007).map { number in
            let date = Date(
                timeIntervalSince1970: 1_763_640_000 + Double(Int.random(in: 0..<1_000_000, using: &random)))
            let text = "\(words[Int.random(in: 0..<words.count, using: &random)]) \(number)"
            return TodoItem(text: text, date: date, isDone: Bool.random(using: &random), createdAt: date)
        }
    }()

    @Test(
        "large arrays filter in order, for any predicate",
        arguments: [
            TodoPredicate.all, .textContains("milk"), .textContains("CAFE"), .isDone(true),
            .and([.textContains("e"), .not(.isDone(true))]), .textContains("nothing matches this"),
        ])
    func halvesAgree(predicate: TodoPredicate) {
        let items = Self.items
        #expect(predicate.filter(items) == items.filter(predicate.evaluate))
        let request = FetchRequest(predicate: predicate, fetchLimit: 10, fetchOffset: 5)
        #expect(
            request.apply(to: items)
                == Array(
                    items.filter(predicate.evaluate).sorted(by: request.areInIncreasingOrder).dropFirst(5).prefix(10)))
    }
}
