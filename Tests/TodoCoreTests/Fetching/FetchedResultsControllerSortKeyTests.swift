import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("FetchedResultsController: sort keys")
struct FetchedResultsControllerSortKeyTests {
    @Test("keys order exactly as the request orders items, ids and days included, and give back their ids")
    func keysMatchRequestOrder() {
        var random = SplitMix64(seed: 42)
        let start = Date(timeIntervalSince1970: 1_736_935_200)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let requests = [
            FetchRequest(),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)]),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.text, ascending: false)]),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.text), TodoSortDescriptor(.color)]),
            FetchRequest(sortDescriptors: [
                .day(ascending: false, in: utc), TodoSortDescriptor(.priority, ascending: false),
                TodoSortDescriptor(.date),
            ]),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.priority), .day(in: utc)]),
            FetchRequest(sortDescriptors: [
                TodoSortDescriptor(.isDone), TodoSortDescriptor(.priority, ascending: false),
                TodoSortDescriptor(.color), TodoSortDescriptor(.date, ascending: false),
            ]),
            FetchRequest(sortDescriptors: [
                TodoSortDescriptor(.priority), TodoSortDescriptor(.text), TodoSortDescriptor(.color, ascending: false),
            ]),
        ]
        let items = (0..<400).map { index in
            var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
            if index % 3 == 0 { bytes[0] = 7 }
            let id = UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
            // 10:00 to 01:00 the next day (UTC): the day key sees two days.
            let date = start + Double(Int.random(in: 0..<6, using: &random)) * 10_800
            return TodoItem(
                id: id, text: ["a", "b"].randomElement(using: &random)!, date: date,
                color: .allCases.randomElement(using: &random)!, createdAt: start,
                priority: .allCases.randomElement(using: &random)!)
        }
        for request in requests {
            let order = FetchedResultsController.KeyOrder(request: request)
            let keys = items.map(order.key(for:))
            #expect(keys.map(\.id) == items.map(\.id))
            for (left, leftKey) in zip(items, keys).prefix(60) {
                for (right, rightKey) in zip(items, keys) {
                    #expect(order.areInIncreasingOrder(leftKey, rightKey) == request.areInIncreasingOrder(left, right))
                    #expect(order.orders(left, before: right) == request.areInIncreasingOrder(left, right))
                }
            }
        }
    }
}
