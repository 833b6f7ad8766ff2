import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// `FetchRequest.areInIncreasingOrder(date:id:date:id:)`: the request's order for items known
/// only by date and id, as `CanonicalStoreReader` checks a file's order with it.
@Suite("Fetch request order by date and id alone")
struct FetchRequestDateOrderTests {
    @Test("agrees with the order of the items, undated ones too, for every request that sorts by date only")
    func agrees() {
        var generator = SplitMix64(seed: 47)
        let dates = (0..<4).map { Date(millisecondsSince1970: 1_767_225_600_000 + Int64($0) * 1_000) }
        let items = (0..<60).map { index in
            TodoItem(
                id: UUID(
                    uuid: (0..<16).map { _ in UInt8.random(in: 0...3, using: &generator) }
                        .withUnsafeBytes { $0.load(as: uuid_t.self) }),
                text: "item \(index)",
                // One in five without a date, ordered among themselves by creation time.
                date: Int.random(in: 0..<5, using: &generator) == 0
                    ? nil : dates[Int.random(in: dates.indices, using: &generator)],
                createdAt: dates[Int.random(in: 0..<2, using: &generator)])
        }
        let requests = [
            FetchRequest(), FetchRequest(sortDescriptors: []),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.date, ascending: false)]),
            FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(.date, ascending: false)]),
        ]
        for request in requests {
            for lhs in items {
                for rhs in items {
                    #expect(
                        request.areInIncreasingOrder(
                            fields: .init(date: lhs.date, createdAt: lhs.createdAt, id: lhs.id),
                            .init(date: rhs.date, createdAt: rhs.createdAt, id: rhs.id))
                            == request.areInIncreasingOrder(lhs, rhs), "\(request)")
                }
            }
        }
    }

    @Test("is nil for a request that sorts by anything but the date")
    func otherKeys() {
        let date = Date(millisecondsSince1970: 0)
        for key in TodoSortKey.allCases where key != .date && key != .day {
            let request = FetchRequest(sortDescriptors: [TodoSortDescriptor(.date), TodoSortDescriptor(key)])
            #expect(
                request.areInIncreasingOrder(
                    fields: .init(date: date, createdAt: date, id: UUID()),
                    .init(date: date, createdAt: date, id: UUID())) == nil)
        }
        let days = FetchRequest(sortDescriptors: [.day(in: Calendar(identifier: .gregorian))])
        #expect(
            days.areInIncreasingOrder(
                fields: .init(date: date, createdAt: date, id: UUID()), .init(date: date, createdAt: date, id: UUID()))
                == nil)
    }
}
