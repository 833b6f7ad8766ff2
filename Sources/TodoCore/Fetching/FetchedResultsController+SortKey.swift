import Foundation

extension FetchedResultsController {
    /// An item's place in the request's order, small and free of reference counting in the
    /// common case, so that a tree search neither copies whole items nor touches their text.
    ///
    /// `primary` is the first sort descriptor's value as a number (dates as seconds since the
    /// reference date, exactly; `isDone` as 0 or 1; colours by ordinal). When the request has
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

    /// The item behind a key whose primary value does not decide the order alone.
    final class SortTail {
        let item: TodoItem

        init(_ item: TodoItem) {
            self.item = item
        }
    }

    /// Makes keys for one request and orders them exactly as `FetchRequest.areInIncreasingOrder`
    /// orders the items.
    struct KeyOrder {
        let request: FetchRequest
        private let primaryKey: TodoSortKey
        private let ascending: Bool
        private let needsTail: Bool

        init(request: FetchRequest) {
            precondition(!request.sortDescriptors.isEmpty, "a key order needs a sort descriptor")
            self.request = request
            primaryKey = request.sortDescriptors[0].key
            ascending = request.sortDescriptors[0].ascending
            needsTail = request.sortDescriptors.count > 1 || primaryKey == .text
        }

        /// The key of `item`.
        /// - Complexity: O(1).
        func key(for item: TodoItem) -> SortKey {
            SortKey(primary: primary(of: item), id: item.id, tail: needsTail ? SortTail(item) : nil)
        }

        private func primary(of item: TodoItem) -> Double {
            switch primaryKey {
            case .date: item.date.timeIntervalSinceReferenceDate
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
            guard primary(of: old) == primary(of: new) else { return false }
            return !needsTail || (!request.areInIncreasingOrder(old, new) && !request.areInIncreasingOrder(new, old))
        }

        /// The strict total order on keys.
        func areInIncreasingOrder(_ lhs: SortKey, _ rhs: SortKey) -> Bool {
            if lhs.primary != rhs.primary {
                return ascending ? lhs.primary < rhs.primary : lhs.primary > rhs.primary
            }
            if let left = lhs.tail, let right = rhs.tail {
                return request.areInIncreasingOrder(left.item, right.item)
            }
            return lhs.idHigh != rhs.idHigh ? lhs.idHigh < rhs.idHigh : lhs.idLow < rhs.idLow
        }
    }
}
