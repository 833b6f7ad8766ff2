import Foundation

extension FetchedResultsController {
    /// An item's place in the request's order, small and free of reference counting in the
    /// common case, so that a tree search neither copies whole items nor touches their text.
    ///
    /// `primary` is the first sort descriptor's value as a number (dates as seconds since the
    /// reference date, exactly; a `.day` as its start's; `isDone` as 0 or 1; colours by
    /// ordinal). When the request has
    /// more descriptors, or a first one on text, `tail` keeps the item so that equal primaries
    /// are settled by the full order. Measured at 100,000 items, a search over these keys took
    /// 0.7 µs against 1.6 µs over whole items.
    ///
    /// The id is kept as its 16 bytes in two big-endian words: comparing the words orders ids
    /// exactly as `UUID`'s `<` does (bytewise from the first byte), which runs a 16-step loop and
    /// cost a tenth of an incremental update in tie-breaks alone.
    struct SortKey {
        let primary: Double
        let idHigh: UInt64
        let idLow: UInt64
        let tail: SortTail?

        init(primary: Double, id: UUID, tail: SortTail?) {
            self.primary = primary
            (idHigh, idLow) = withUnsafeBytes(of: id.uuid) { bytes in
                (
                    UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                    UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                )
            }
            self.tail = tail
        }

        var id: UUID {
            withUnsafeBytes(of: (idHigh.bigEndian, idLow.bigEndian)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }

        func hasSameID(as other: SortKey) -> Bool {
            idHigh == other.idHigh && idLow == other.idLow
        }
    }

    /// The item behind a key whose primary value does not decide the order alone, with the
    /// start of its day in the request's day calendar (its date when the request sorts by no
    /// `.day`), so that comparing tails never asks the calendar.
    final class SortTail {
        let item: TodoItem
        let day: Date

        init(_ item: TodoItem, day: Date) {
            self.item = item
            self.day = day
        }
    }

    /// Makes keys for one request and orders them exactly as `FetchRequest.areInIncreasingOrder`
    /// orders the items.
    struct KeyOrder {
        let request: FetchRequest
        private let primaryKey: TodoSortKey
        private let ascending: Bool
        private let needsTail: Bool
        /// The days of the request's `.day` descriptors, each looked up once per key; nil
        /// without one.
        private let days: CalendarDayCache?

        init(request: FetchRequest) {
            precondition(!request.sortDescriptors.isEmpty, "a key order needs a sort descriptor")
            self.request = request
            primaryKey = request.sortDescriptors[0].key
            ascending = request.sortDescriptors[0].ascending
            needsTail = request.sortDescriptors.count > 1 || primaryKey == .text
            days = request.dayCalendar.map(CalendarDayCache.init(calendar:))
        }

        /// The key of `item`.
        /// - Complexity: O(1) amortised.
        func key(for item: TodoItem) -> SortKey {
            let day = day(of: item)
            return SortKey(
                primary: primary(of: item, day: day), id: item.id, tail: needsTail ? SortTail(item, day: day) : nil)
        }

        /// The start of `item`'s day in the request's day calendar, or its date without one.
        private func day(of item: TodoItem) -> Date {
            days?.startOfDay(containing: item.date) ?? item.date
        }

        private func primary(of item: TodoItem, day: Date) -> Double {
            switch primaryKey {
            case .date: item.date.timeIntervalSinceReferenceDate
            case .day: day.timeIntervalSinceReferenceDate
            case .createdAt: item.createdAt.timeIntervalSinceReferenceDate
            case .modifiedAt: item.modifiedAt.timeIntervalSinceReferenceDate
            case .isDone: item.isDone ? 1 : 0
            case .color: Double(item.color.ordinal)
            case .priority: Double(item.priority.rawValue)
            case .text: 0
            }
        }

        /// Whether two values of one item take the same place in the order.
        func sortsAlike(_ old: TodoItem, _ new: TodoItem) -> Bool {
            let oldDay = day(of: old)
            let newDay = day(of: new)
            guard primary(of: old, day: oldDay) == primary(of: new, day: newDay) else { return false }
            return !needsTail
                || (!request.areInIncreasingOrder(old, day: oldDay, new, day: newDay)
                    && !request.areInIncreasingOrder(new, day: newDay, old, day: oldDay))
        }

        /// The request's order on two items, each one's day looked up once.
        /// - Complexity: O(number of sort descriptors), amortised.
        func orders(_ lhs: TodoItem, before rhs: TodoItem) -> Bool {
            request.areInIncreasingOrder(lhs, day: day(of: lhs), rhs, day: day(of: rhs))
        }

        /// The strict total order on keys.
        func areInIncreasingOrder(_ lhs: SortKey, _ rhs: SortKey) -> Bool {
            if lhs.primary != rhs.primary {
                return ascending ? lhs.primary < rhs.primary : lhs.primary > rhs.primary
            }
            if let left = lhs.tail, let right = rhs.tail {
                return request.areInIncreasingOrder(left.item, day: left.day, right.item, day: right.day)
            }
            return lhs.idHigh != rhs.idHigh ? lhs.idHigh < rhs.idHigh : lhs.idLow < rhs.idLow
        }
    }
}
