import Foundation

extension FetchedResultsController {
    /// An item's place in the request's order, small, so that a tree search neither copies
    /// whole items nor reads their text.
    ///
    /// `values` are the first three sort descriptors' values as numbers (dates as seconds since
    /// the reference date, exactly; a `.day` as its start's; no date as `UndatedSortValue` says;
    /// `isDone` as 0 or 1; colours by ordinal; priorities by raw value), up to the first
    /// descriptor on text; unused places are 0. When the request has more descriptors, or one on
    /// text among the first three, `tail` keeps the item so that equal values are settled by the
    /// full order. A search over these keys reads far less memory than one over whole items, and
    /// the app's order (day, priority, date) needs no tail.
    ///
    /// The id is kept as its 16 bytes in two big-endian words: comparing the words orders ids
    /// exactly as `UUID`'s `<` does (bytewise from the first byte), which runs a 16-step loop and
    /// cost a tenth of an incremental update in tie-breaks alone.
    struct SortKey {
        let primary: Double
        let secondary: Double
        let tertiary: Double
        let idHigh: UInt64
        let idLow: UInt64
        let tail: SortTail?
        /// The item's text and its signature, not part of the order: a live filter tests the
        /// signature and searches the text without looking the item up (`Results.narrowed(to:)`).
        /// The string shares the item's storage.
        let text: String
        let signature: TextSignature
        /// The item's list id as two big-endian words, not part of the order: the view of one
        /// list walks a kept result and tells its items from the other lists' without looking
        /// any of them up.
        let listHigh: UInt64
        let listLow: UInt64

        init(values: (Double, Double, Double), id: UUID, tail: SortTail?, text: String, list: UUID) {
            (primary, secondary, tertiary) = values
            self.text = text
            self.signature = TextSignature(of: text)
            (idHigh, idLow) = Self.words(of: id)
            (listHigh, listLow) = Self.words(of: list)
            self.tail = tail
        }

        /// Whether the item belongs to the list whose id has `words` (`words(of:)`).
        func isInList(_ words: (high: UInt64, low: UInt64)) -> Bool {
            listHigh == words.high && listLow == words.low
        }

        /// The 16 bytes of `id` as two big-endian words.
        static func words(of id: UUID) -> (high: UInt64, low: UInt64) {
            withUnsafeBytes(of: id.uuid) { bytes in
                (
                    UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)),
                    UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                )
            }
        }

        var id: UUID {
            withUnsafeBytes(of: (idHigh.bigEndian, idLow.bigEndian)) { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        }

        func hasSameID(as other: SortKey) -> Bool {
            idHigh == other.idHigh && idLow == other.idLow
        }
    }

    /// The item behind a key whose values do not decide the order alone, with the
    /// start of its day in the request's day calendar (its date when the request sorts by no
    /// `.day`; nil without a date), so that comparing tails never asks the calendar.
    final class SortTail {
        let item: TodoItem
        let day: Date?

        init(_ item: TodoItem, day: Date?) {
            self.item = item
            self.day = day
        }
    }

    /// Makes keys for one request and orders them exactly as `FetchRequest.areInIncreasingOrder`
    /// orders the items.
    struct KeyOrder {
        let request: FetchRequest
        /// The keys of the descriptors whose values the keys hold (at most three, none on text).
        private let valueKeys: [TodoSortKey]
        private let ascending: (Bool, Bool, Bool)
        /// The directions of the descriptors whose values the keys hold.
        private let directions: [Bool]
        private let needsTail: Bool
        /// The days of the request's `.day` descriptors, each looked up once per key; nil
        /// without one.
        private let days: CalendarDayCache?

        init(request: FetchRequest) {
            let descriptors = request.sortDescriptors
            precondition(!descriptors.isEmpty, "a key order needs a sort descriptor")
            self.request = request
            valueKeys = Array(descriptors.prefix(3).prefix { $0.key != .text }.map(\.key))
            let directions = descriptors.map(\.ascending) + [true, true]
            ascending = (directions[0], directions[1], directions[2])
            self.directions = Array(directions.prefix(valueKeys.count))
            needsTail = descriptors.count > valueKeys.count
            days = request.dayCalendar.map(CalendarDayCache.init(calendar:))
        }

        /// The key of `item`.
        /// - Complexity: O(1) amortised.
        func key(for item: TodoItem) -> SortKey {
            let day = day(of: item)
            return SortKey(
                values: values(of: item, day: day), id: item.id, tail: needsTail ? SortTail(item, day: day) : nil,
                text: item.text, list: item.listID)
        }

        /// The start of `item`'s day in the request's day calendar, or its date without one; nil
        /// for an item without a date.
        private func day(of item: TodoItem) -> Date? {
            guard let date = item.date else { return nil }
            return days?.startOfDay(containing: date) ?? date
        }

        private func values(of item: TodoItem, day: Date?) -> (Double, Double, Double) {
            func value(_ index: Int) -> Double {
                index < valueKeys.count
                    ? Self.value(of: item, valueKeys[index], day: day, ascending: directions[index]) : 0
            }
            return (value(0), value(1), value(2))
        }

        private static func value(of item: TodoItem, _ key: TodoSortKey, day: Date?, ascending: Bool) -> Double {
            switch key {
            case .date:
                item.date?.timeIntervalSinceReferenceDate
                    ?? UndatedSortValue.date(createdAt: item.createdAt, ascending: ascending)
            case .day: day?.timeIntervalSinceReferenceDate ?? UndatedSortValue.day(ascending: ascending)
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
            guard values(of: old, day: oldDay) == values(of: new, day: newDay) else { return false }
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
                return ascending.0 ? lhs.primary < rhs.primary : lhs.primary > rhs.primary
            }
            if lhs.secondary != rhs.secondary {
                return ascending.1 ? lhs.secondary < rhs.secondary : lhs.secondary > rhs.secondary
            }
            if lhs.tertiary != rhs.tertiary {
                return ascending.2 ? lhs.tertiary < rhs.tertiary : lhs.tertiary > rhs.tertiary
            }
            if let left = lhs.tail, let right = rhs.tail {
                return request.areInIncreasingOrder(left.item, day: left.day, right.item, day: right.day)
            }
            return lhs.idHigh != rhs.idHigh ? lhs.idHigh < rhs.idHigh : lhs.idLow < rhs.idLow
        }
    }
}
