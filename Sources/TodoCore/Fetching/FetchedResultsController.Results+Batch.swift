import Foundation

extension FetchedResultsController.Results {
    typealias Changes = FetchedResultsController.Changes
    typealias SortKey = FetchedResultsController.SortKey

    /// An item the batch changed in the result: its value before and after (nil = absent) and
    /// its global position in each state (meaningful only where the value is present).
    private struct Touched {
        var old: TodoItem?
        var new: TodoItem?
        var oldPosition = 0
        var newPosition = 0
    }

    /// A row the table sees change: visible before (`old`), after (`new`), or both.
    private struct Row {
        /// The index of the touched item, or nil for an untouched one crossing the window's edge.
        var touched: Int?
        var old: TodoItem?
        var new: TodoItem?
        var oldPosition = 0
        var newPosition = 0
        /// The index in the batch's day list of the old and the new value's day.
        var oldDay = 0
        var newDay = 0
        var oldPath = IndexPath()
        var newPath = IndexPath()
    }

    /// Where a day's visible rows are in one state: how many, and, once a row needs them, the
    /// section index and the global position of the first row. Only the count is needed for
    /// a day without rows in that state, and without a window it needs no tree search.
    private struct Placement {
        var count = 0
        var section: Int?
        var start: Int?
    }

    /// A day a changed row belongs to, before or after the batch.
    private struct DaySpan {
        var day: Date
        var old = Placement()
        var new = Placement()
    }

    /// Applies one processed batch of the context and returns what the table must do.
    ///
    /// The exact two-frame report comes from doing the work in three steps. First, against the
    /// old state, every touched item's old position is found by its old value (never by a scan)
    /// and old index paths are taken. With a window (`fetchOffset`, `fetchLimit`), new positions
    /// are also computed there, arithmetically: the number of items ordered before the new value,
    /// minus the touched old values before it, plus the touched new values before it; they tell
    /// which untouched items cross the window's edges. Second, the tree is changed: removals by
    /// position, descending, then insertions in ascending order, so that each returns its final
    /// position. Third, new index paths are taken against the new state.
    ///
    /// A row present before and after is an update when it keeps its place among the rows that
    /// stay put (same day, same number of stationary rows before it), otherwise a move; so a
    /// table that applies deletes against the old state and inserts against the new one ends
    /// with exactly the new result. Items changed in place without a new sort position are
    /// updates.
    /// - Complexity: O(k log n + k log k) for k touched items, plus the rows crossing the
    ///   window's edges (at most k at each edge).
    mutating func apply(_ batch: ObjectsDidChange) -> Changes {
        var touched = resolve(batch)
        guard !touched.isEmpty else {
            record(batch)
            return Changes()
        }
        let windowed = offset > 0 || limit > 0
        let (removed, added) = locate(&touched, computingNewPositions: windowed)
        let oldFrame = frame()
        let newVisible = window(forCount: count - removed.count + added.count)
        var rows = visibleRows(touched, oldVisible: oldFrame.visible, newVisible: newVisible)
        if windowed {
            rows += crossingRows(
                oldVisible: oldFrame.visible, newVisible: newVisible, removed: removed,
                added: added.map { touched[$0.index].newPosition })
        }
        var spans = oldPlacements(of: &rows, in: oldFrame)
        for position in removed.reversed() {
            remove(at: position)
        }
        for (index, key) in added {
            guard touched[index].new != nil else { continue }
            let position = insert(key)
            assert(!windowed || position == touched[index].newPosition, "computed and actual new positions differ")
            touched[index].newPosition = position
        }
        record(batch)
        guard !rows.isEmpty else { return Changes() }
        for index in rows.indices {
            if let source = rows[index].touched { rows[index].newPosition = touched[source].newPosition }
        }
        addNewPlacements(to: &spans, rows: &rows, in: frame())
        return changes(rows: rows, spans: spans)
    }

    // MARK: Step 1: against the old state

    /// The items whose presence or value in the result the batch changes; old values are the
    /// result's own (`item(withID:)`), new values are the batch's when they match the
    /// predicate. A batch mentions each item at most once (`ObjectsDidChange`'s contract).
    ///
    /// A new `version` alone — what a save assigns to the items it writes as they are — touches
    /// nothing: it cannot move, filter or redraw a row, so it is only recorded (a report would
    /// also end the table's running animation at every save).
    private func resolve(_ batch: ObjectsDidChange) -> [Touched] {
        var touched: [Touched] = []
        touched.reserveCapacity(batch.inserted.count + batch.updated.count + batch.deleted.count)
        func note(_ id: UUID, _ value: TodoItem?) {
            let old = item(withID: id)
            let new = value.flatMap { predicate.evaluate($0) ? $0 : nil }
            if let old, let new, old.differsAtMostInVersion(from: new) { return }
            if old != new {
                touched.append(Touched(old: old, new: new))
            }
        }
        for item in batch.inserted { note(item.id, item) }
        for update in batch.updated { note(update.new.id, update.new) }
        for item in batch.deleted { note(item.id, nil) }
        return touched
    }

    /// Records the batch's values, after its changes to the order are made.
    private mutating func record(_ batch: ObjectsDidChange) {
        for item in batch.inserted { record(item, for: item.id) }
        for update in batch.updated { record(update.new, for: update.new.id) }
        for item in batch.deleted { record(nil, for: item.id) }
    }

    /// Sets every touched item's old global position, and its new one when asked; returns the
    /// old positions ascending, and the touched items with new values and their keys in
    /// ascending order.
    private func locate(
        _ touched: inout [Touched], computingNewPositions: Bool
    ) -> (removed: [Int], added: [(index: Int, key: SortKey)]) {
        let isBefore = order.areInIncreasingOrder
        var removed: [(position: Int, key: SortKey)] = []
        var added: [(index: Int, key: SortKey)] = []
        for index in touched.indices {
            if let old = touched[index].old {
                let key = order.key(for: old)
                guard let position = keys.position(of: key) else {
                    preconditionFailure("item \(old.id) is not in the result")
                }
                touched[index].oldPosition = position
                removed.append((position, key))
            }
            if let new = touched[index].new {
                added.append((index, order.key(for: new)))
            }
        }
        removed.sort { $0.position < $1.position }
        added.sort { isBefore($0.key, $1.key) }
        if computingNewPositions {
            for (rank, entry) in added.enumerated() {
                let removedBefore = Self.countLeading(removed) { isBefore($0.key, entry.key) }
                touched[entry.index].newPosition = keys.insertionPosition(for: entry.key) - removedBefore + rank
            }
        }
        return (removed.map(\.position), added)
    }

    /// The touched items visible before or after the batch. Without a window every value is
    /// visible, and new positions are known only once the tree has changed.
    private func visibleRows(_ touched: [Touched], oldVisible: Range<Int>, newVisible: Range<Int>) -> [Row] {
        let windowed = offset > 0 || limit > 0
        return touched.indices.compactMap { index in
            let item = touched[index]
            let old = item.old.flatMap { !windowed || oldVisible.contains(item.oldPosition) ? $0 : nil }
            let new = item.new.flatMap { !windowed || newVisible.contains(item.newPosition) ? $0 : nil }
            guard old != nil || new != nil else { return nil }
            return Row(touched: index, old: old, new: new, oldPosition: item.oldPosition, newPosition: item.newPosition)
        }
    }

    /// Untouched items pushed out of or pulled into the window by the touched ones.
    ///
    /// Untouched items keep their relative order, so each has one rank among them in both
    /// states; the window holds a range of those ranks before and another after.
    private func crossingRows(oldVisible: Range<Int>, newVisible: Range<Int>, removed: [Int], added: [Int]) -> [Row] {
        let oldRanks =
            Self.untouchedRank(
                of: oldVisible.lowerBound, excluding: removed)..<Self.untouchedRank(
                of: oldVisible.upperBound, excluding: removed)
        let newRanks =
            Self.untouchedRank(
                of: newVisible.lowerBound, excluding: added)..<Self.untouchedRank(
                of: newVisible.upperBound, excluding: added)
        var rows: [Row] = []
        for ranks in Self.subtracting(newRanks, from: oldRanks) {
            for position in Self.untouchedPositions(ranks, excluding: removed) {
                rows.append(Row(old: item(at: position), oldPosition: position))
            }
        }
        for ranks in Self.subtracting(oldRanks, from: newRanks) {
            let oldPositions = Self.untouchedPositions(ranks, excluding: removed)
            for (oldPosition, newPosition) in zip(oldPositions, Self.untouchedPositions(ranks, excluding: added)) {
                rows.append(Row(new: item(at: oldPosition), newPosition: newPosition))
            }
        }
        return rows
    }

    /// The days the rows belong to before or after, each with its old placement, and the rows'
    /// old index paths. Each day's block is looked up once.
    private func oldPlacements(of rows: inout [Row], in frame: Frame) -> [DaySpan] {
        var spans: [DaySpan] = []
        var indexByDay: [Date: Int] = [:]
        func spanIndex(of value: TodoItem) -> Int {
            let day = day(of: value)
            // A batch usually touches a few days: the first ones are found by a scan, which
            // beats hashing; only days beyond them go into the dictionary.
            if let index = spans.prefix(16).firstIndex(where: { $0.day == day }) ?? indexByDay[day] { return index }
            if spans.count >= 16 { indexByDay[day] = spans.count }
            spans.append(DaySpan(day: day, old: placement(ofDay: day, in: frame)))
            return spans.count - 1
        }
        for index in rows.indices {
            if let new = rows[index].new {
                rows[index].newDay = spanIndex(of: new)
            }
            if let old = rows[index].old {
                let day = spanIndex(of: old)
                rows[index].oldDay = day
                let (section, start) = sectionAndStart(of: &spans[day].old, day: spans[day].day, in: frame)
                rows[index].oldPath = IndexPath(item: rows[index].oldPosition - start, section: section)
            }
        }
        return spans
    }

    // MARK: Step 3: against the new state

    /// The new placement of the days and the rows' new index paths.
    private func addNewPlacements(to spans: inout [DaySpan], rows: inout [Row], in frame: Frame) {
        for index in spans.indices {
            spans[index].new = placement(ofDay: spans[index].day, in: frame)
        }
        for index in rows.indices where rows[index].new != nil {
            let day = rows[index].newDay
            let (section, start) = sectionAndStart(of: &spans[day].new, day: spans[day].day, in: frame)
            rows[index].newPath = IndexPath(item: rows[index].newPosition - start, section: section)
        }
    }

    private func placement(ofDay day: Date, in frame: Frame) -> Placement {
        if frame.visible == 0..<count {
            return Placement(count: blocks[day]?.count ?? 0)
        }
        let range = visibleRange(ofDay: day, in: frame)
        return Placement(count: range.count, start: range.lowerBound)
    }

    /// The section index and first row of a placement that has rows, looked up the first time.
    private func sectionAndStart(
        of placement: inout Placement, day: Date, in frame: Frame
    ) -> (section: Int, start: Int) {
        let section = placement.section ?? rank(ofDay: day) - frame.firstDayRank
        let start = placement.start ?? blockRange(ofDay: day).lowerBound
        placement.section = section
        placement.start = start
        return (section, start)
    }

    /// Classifies the rows and the days into the report.
    private func changes(rows: [Row], spans: [DaySpan]) -> Changes {
        let moving = movingRows(rows)
        var changes = Changes()
        for (index, row) in rows.enumerated() {
            switch (row.old, row.new) {
            case (let old?, nil):
                changes.append(.init(type: .delete, item: old, oldPath: row.oldPath))
            case (nil, let new?):
                changes.append(.init(type: .insert, item: new, newPath: row.newPath))
            case (_?, let new?):
                let isMove = moving.indices.contains(index) && moving[index]
                changes.append(
                    .init(type: isMove ? .move : .update, item: new, oldPath: row.oldPath, newPath: row.newPath))
            case (nil, nil):
                continue
            }
        }
        addSectionChanges(to: &changes, rows: rows, spans: spans)
        changes.sortForDelivery()
        return changes
    }

    /// Which rows present before and after must be reported as moves (empty when none can be).
    ///
    /// Rows whose sort position did not change keep their order with every untouched row; they
    /// and the untouched rows are stationary. Any other row stays an update only when it is in
    /// the same day and has as many stationary rows before it in both states, and when it keeps
    /// its order with the other rows accepted so (checked greedily in old order).
    private func movingRows(_ rows: [Row]) -> [Bool] {
        var candidates: [Int] = []
        var unstableOld: [Int] = []
        var unstableNew: [Int] = []
        for (index, row) in rows.enumerated() {
            if let old = row.old, let new = row.new, order.sortsAlike(old, new) { continue }
            if row.old != nil { unstableOld.append(row.oldPosition) }
            if row.new != nil { unstableNew.append(row.newPosition) }
            if row.old != nil, row.new != nil { candidates.append(index) }
        }
        guard !candidates.isEmpty else { return [] }
        var moving = [Bool](repeating: false, count: rows.count)
        unstableOld.sort()
        unstableNew.sort()
        candidates.sort { rows[$0].oldPosition < rows[$1].oldPosition }
        var lastAccepted = Int.min
        for index in candidates {
            let row = rows[index]
            let stationaryBefore = row.oldPosition - Self.countLeading(unstableOld) { $0 < row.oldPosition }
            let stationaryAfter = row.newPosition - Self.countLeading(unstableNew) { $0 < row.newPosition }
            if row.oldDay == row.newDay, stationaryBefore == stationaryAfter, row.newPosition > lastAccepted {
                lastAccepted = row.newPosition
            } else {
                moving[index] = true
            }
        }
        return moving
    }

    /// Sections whose day gained its first visible row or lost its last one.
    private func addSectionChanges(to changes: inout Changes, rows: [Row], spans: [DaySpan]) {
        for (index, span) in spans.enumerated() {
            if span.old.count > 0, span.new.count == 0 {
                let leaving = rows.filter { $0.old != nil && $0.oldDay == index }.sorted {
                    $0.oldPosition < $1.oldPosition
                }.compactMap(\.old)
                assert(leaving.count == span.old.count, "every row of a deleted section must leave it")
                changes.append(.init(type: .delete, index: span.old.section ?? 0, day: span.day, items: leaving))
            } else if span.old.count == 0, span.new.count > 0 {
                let arriving = rows.filter { $0.new != nil && $0.newDay == index }.sorted {
                    $0.newPosition < $1.newPosition
                }.compactMap(\.new)
                assert(arriving.count == span.new.count, "every row of an inserted section must arrive in it")
                changes.append(.init(type: .insert, index: span.new.section ?? 0, day: span.day, items: arriving))
            }
        }
    }

    // MARK: Rank arithmetic

    /// How many leading elements of `sorted` satisfy `isLeading` (which must hold for a prefix).
    /// - Complexity: O(log n).
    private static func countLeading<T>(_ sorted: [T], where isLeading: (T) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if isLeading(sorted[middle]) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    /// The number of untouched items before global `position`, given the touched positions.
    private static func untouchedRank(of position: Int, excluding touched: [Int]) -> Int {
        position - countLeading(touched) { $0 < position }
    }

    /// The global positions of the untouched items whose ranks are in `ranks`.
    /// - Complexity: O(k + ranks.count).
    private static func untouchedPositions(_ ranks: Range<Int>, excluding touched: [Int]) -> [Int] {
        var positions: [Int] = []
        var position = ranks.lowerBound
        var next = 0
        for _ in ranks {
            while next < touched.count, touched[next] <= position {
                position += 1
                next += 1
            }
            positions.append(position)
            position += 1
        }
        return positions
    }

    /// The parts of `range` outside `other`: at most two ranges.
    private static func subtracting(_ other: Range<Int>, from range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        let leftEnd = min(range.upperBound, other.lowerBound)
        if range.lowerBound < leftEnd {
            parts.append(range.lowerBound..<leftEnd)
        }
        let rightStart = max(range.lowerBound, other.upperBound)
        if rightStart < range.upperBound {
            parts.append(rightStart..<range.upperBound)
        }
        return parts
    }
}
