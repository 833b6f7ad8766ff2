import Foundation

extension FetchedResultsController {
    /// The controller's model: every item matching the predicate in the request's order, grouped
    /// into day blocks, with the request's offset and limit as a window onto it.
    ///
    /// All matching items are kept, not only the window, so that items crossing the window's
    /// edges can be reported while tracking (Apple's controller forgets the limit). Positions
    /// here are global, `0..<count`; the table sees `visibleRange`. Because the order begins
    /// with `date` or `.day`, each day's items form one contiguous block; a block is found from its first
    /// item, so an index path costs O(log n) and never a scan. The tree holds compact sort keys;
    /// the items themselves are looked up by id in `values`.
    struct Results {
        /// A day's block: how many items it holds and the key of the first of them in the order.
        struct Block {
            var count: Int
            var first: SortKey
        }

        private(set) var keys: OrderedTree<SortKey>
        /// Every item of the context as the result knows it: the context's table as it was
        /// fetched from, then each processed batch's values. The result's items are exactly
        /// those of `values` that match the predicate. A copy of the context's table shares its
        /// storage, so the result holds no second copy of the items — only the changes made
        /// since, as the context's table does.
        /// Once n/16 processed changes make it fold them in (`ItemTable`), it copies the base
        /// and keeps that copy of its own until the next fetch. Being its own, it also outlives
        /// a context `reset()`, which a controller without a delegate does not see.
        private(set) var values: ItemTable
        /// The days that have items, in section order.
        private(set) var days: OrderedTree<Date>
        private(set) var blocks: [Date: Block]
        /// Keys and the order of the request the result was fetched with.
        let order: KeyOrder
        let dayLookup: DayLookup
        /// The keys, in order, of the items of `values` whose text takes Foundation's search
        /// (`TextSignature.needsFoundation`) that the predicate leaves out, except, when it has a
        /// `list:`, those of other lists (a predicate narrowing it keeps that `list:`, so it never
        /// matches them); nil when not known.
        /// Foundation's foldings make "holds milk" not imply "holds mil" for such texts, so
        /// `narrowed(to:)` looks at these again, and a result without the list is not narrowed.
        var foundationSearchedLeftOut: [SortKey]?

        /// The request the result was fetched with; its window applies while tracking.
        var request: FetchRequest { order.request }
        var predicate: TodoPredicate { request.predicate }
        var offset: Int { request.fetchOffset }
        var limit: Int { request.fetchLimit }

        /// A result holding `sorted`, which is in `request`'s order and grouped into `blocks`
        /// (each day with its number of items, in order), as `blocks(of:)` computes them.
        /// - Parameter values: the table `sorted` was fetched from: its items that match the
        ///   predicate must be exactly `sorted`'s.
        /// - Complexity: O(n).
        init(
            sorted: [TodoItem], blocks dayCounts: [(day: Date, count: Int)], request: FetchRequest,
            dayLookup: DayLookup, values: ItemTable
        ) {
            let order = KeyOrder(request: request)
            let sortedKeys = sorted.map(order.key(for:))
            var start = 0
            let blocks = dayCounts.map { day, count in
                defer { start += count }
                return (day: day, block: Block(count: count, first: sortedKeys[start]))
            }
            precondition(start == sorted.count, "the day blocks must cover the sorted items exactly")
            self.init(
                keys: OrderedTree(sorted: sortedKeys, areInIncreasingOrder: order.areInIncreasingOrder),
                blocks: blocks, order: order, dayLookup: dayLookup, values: values,
                foundationSearchedLeftOut: request.predicate == .all ? [] : nil)
        }

        /// A result holding `keys`, in `order`, whose days are `blocks` (in order, each with its
        /// number of items and the key of the first).
        /// - Complexity: O(d log d) for d days.
        init(
            keys: OrderedTree<SortKey>, blocks dayBlocks: [(day: Date, block: Block)], order: KeyOrder,
            dayLookup: DayLookup, values: ItemTable, foundationSearchedLeftOut: [SortKey]?
        ) {
            self.keys = keys
            let ascending = order.request.sortDescriptors.first?.ascending ?? true
            days = OrderedTree(
                sorted: dayBlocks.map(\.day), areInIncreasingOrder: DayLookup.sectionOrder(ascending: ascending))
            blocks = Dictionary(minimumCapacity: dayBlocks.count)
            for (day, block) in dayBlocks {
                blocks[day] = block
            }
            self.values = values
            self.order = order
            self.dayLookup = dayLookup
            self.foundationSearchedLeftOut = foundationSearchedLeftOut
        }

        /// The day blocks of `sorted` items: each day in order with its number of items.
        /// - Complexity: O(n).
        static func blocks(of sorted: [TodoItem], dayLookup: DayLookup) -> [(day: Date, count: Int)] {
            var result: [(day: Date, count: Int)] = []
            for item in sorted {
                let day = dayLookup.day(of: item.date)
                if result.last?.day == day {
                    result[result.count - 1].count += 1
                } else {
                    result.append((day, 1))
                }
            }
            return result
        }

        // MARK: Items

        /// How many items match the predicate, in and out of the window.
        var count: Int { keys.count }

        /// The item at global `position`.
        /// - Complexity: O(log n).
        func item(at position: Int) -> TodoItem {
            item(for: keys[position])
        }

        /// The items at global `positions`, in order.
        /// - Complexity: O(k + log n).
        func items(in positions: Range<Int>) -> [TodoItem] {
            keys.elements(in: positions).map(item(for:))
        }

        func item(for key: SortKey) -> TodoItem {
            guard let item = values[key.id] else { preconditionFailure("a stored key must have its item") }
            return item
        }

        /// The result's item with `id`, or nil when the result does not hold it.
        /// - Complexity: O(1).
        func item(withID id: UUID) -> TodoItem? {
            values[id].flatMap { predicate.evaluate($0) ? $0 : nil }
        }

        /// The global position of the item with the value `item` has in the result.
        /// - Complexity: O(log n).
        func position(of item: TodoItem) -> Int? {
            keys.position(of: order.key(for: item))
        }

        // MARK: The window

        /// The global positions the table sees: `fetchOffset` and `fetchLimit` applied.
        var visibleRange: Range<Int> { window(forCount: count) }

        /// The window for a result of `count` items.
        func window(forCount count: Int) -> Range<Int> {
            let start = min(offset, count)
            return start..<(limit == 0 ? count : min(count, start + limit))
        }

        /// What converting global positions to index paths needs: the window and the rank of its
        /// first day. Computed once per state.
        struct Frame {
            var visible: Range<Int>
            var firstDayRank: Int
        }

        /// The frame of the current state.
        /// - Complexity: O(log n).
        func frame() -> Frame {
            let visible = visibleRange
            guard let first = visible.first, first > 0 else { return Frame(visible: visible, firstDayRank: 0) }
            return Frame(visible: visible, firstDayRank: rank(ofDay: day(of: keys[first])))
        }

        // MARK: Days and sections

        func day(of item: TodoItem) -> Date {
            dayLookup.day(of: item.date)
        }

        /// The day of the item with `key`: with `.day` sections the primary value is the date, or
        /// the start of its day (in the same days, as `performFetch()` checks).
        func day(of key: SortKey) -> Date {
            dayLookup.day(ofSortValue: key.primary)
        }

        /// The position of `day` among the days that have items.
        /// - Complexity: O(log d) in the number of days.
        func rank(ofDay day: Date) -> Int {
            guard let rank = days.position(of: day) else { preconditionFailure("day \(day) has no items") }
            return rank
        }

        /// The global positions of `day`'s items (empty when it has none).
        /// - Complexity: O(log n).
        func blockRange(ofDay day: Date) -> Range<Int> {
            guard let block = blocks[day] else { return 0..<0 }
            guard let start = keys.position(of: block.first) else {
                preconditionFailure("a block's first item must be stored")
            }
            return start..<(start + block.count)
        }

        /// How many of `day`'s items are in the window.
        /// - Complexity: O(1) without a window (every item is in it); else O(log n).
        func visibleCount(ofDay day: Date, in frame: Frame) -> Int {
            guard offset > 0 || limit > 0 else { return blocks[day]?.count ?? 0 }
            return visibleRange(ofDay: day, in: frame).count
        }

        /// The global positions of `day`'s items that are in the window.
        /// - Complexity: O(log n).
        func visibleRange(ofDay day: Date, in frame: Frame) -> Range<Int> {
            blockRange(ofDay: day).clamped(to: frame.visible)
        }

        /// How many sections the window shows.
        /// - Complexity: O(log n).
        func numberOfSections(in frame: Frame) -> Int {
            guard let last = frame.visible.last else { return 0 }
            return rank(ofDay: day(of: keys[last])) - frame.firstDayRank + 1
        }

        /// The day shown as section `section`.
        /// - Complexity: O(log d).
        func day(atSection section: Int, in frame: Frame) -> Date {
            precondition(section >= 0 && section < numberOfSections(in: frame), "section \(section) is out of range")
            return days[frame.firstDayRank + section]
        }

        /// The index path of global `position`, which must be visible.
        /// - Complexity: O(log n).
        func indexPath(ofPosition position: Int, in frame: Frame) -> IndexPath {
            let day = day(of: keys[position])
            let start = max(blockRange(ofDay: day).lowerBound, frame.visible.lowerBound)
            return IndexPath(item: position - start, section: rank(ofDay: day) - frame.firstDayRank)
        }

        /// The global position shown at `indexPath`, or nil when the window has no such row.
        /// - Complexity: O(log n).
        func position(at indexPath: IndexPath, in frame: Frame) -> Int? {
            guard indexPath.section >= 0, indexPath.section < numberOfSections(in: frame) else { return nil }
            let rows = visibleRange(ofDay: days[frame.firstDayRank + indexPath.section], in: frame)
            return indexPath.item >= 0 && indexPath.item < rows.count ? rows.lowerBound + indexPath.item : nil
        }

        // MARK: Changing

        /// Adds the item with `key`, which must match the predicate and not be stored yet; its
        /// value is recorded with the rest of its batch.
        /// - Returns: its global position.
        /// - Complexity: O(log n).
        @discardableResult
        mutating func insert(_ key: SortKey) -> Int {
            let position = keys.insert(key)
            let day = day(of: key)
            if var block = blocks[day] {
                block.count += 1
                if order.areInIncreasingOrder(key, block.first) {
                    block.first = key
                }
                blocks[day] = block
            } else {
                blocks[day] = Block(count: 1, first: key)
                days.insert(day)
            }
            return position
        }

        /// Removes the item at global `position` from the order and its day; its value stays in
        /// `values` until the batch records the new one.
        /// - Complexity: O(log n).
        mutating func remove(at position: Int) {
            let key = keys.remove(at: position)
            let day = day(of: key)
            guard var block = blocks[day] else { preconditionFailure("item \(key.id) has no day block") }
            block.count -= 1
            if block.count == 0 {
                blocks[day] = nil
                days.remove(day)
            } else {
                if block.first.hasSameID(as: key) {
                    block.first = keys[position]
                }
                blocks[day] = block
            }
        }

        /// Records the value the context now has for `id` (nil: it left the context), whether
        /// or not the result holds the item.
        /// - Complexity: O(1) amortized.
        mutating func record(_ value: TodoItem?, for id: UUID) {
            // A change may touch a left-out item (whose kept key would then be stale), or leave
            // one out: the list is no longer known.
            if foundationSearchedLeftOut?.isEmpty == false {
                foundationSearchedLeftOut = nil
            } else if let value, foundationSearchedLeftOut != nil, predicate != .all, !predicate.evaluate(value),
                TextSignature(of: value.text).needsFoundation
            {
                foundationSearchedLeftOut = nil
            }
            values[id] = value
        }
    }
}
