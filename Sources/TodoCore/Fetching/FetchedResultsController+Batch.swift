import Foundation

extension FetchedResultsController.Results {
    typealias Changes = FetchedResultsController.Changes

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
        var old: TodoItem?
        var new: TodoItem?
        var oldPosition = 0
        var newPosition = 0
        var oldPath = IndexPath()
        var newPath = IndexPath()
    }

    /// A day a changed row belongs to, before or after: its visible count and section index in
    /// each state.
    private struct DaySpan {
        var oldCount = 0
        var oldIndex = 0
        var newCount = 0
        var newIndex = 0
    }

    /// Applies one processed batch of the context and returns what the table must do.
    ///
    /// The exact two-frame report comes from doing the work in three steps. First, against the
    /// old state, every touched item's old position is found by its old value (never by a scan)
    /// and its new position is computed arithmetically: the number of items ordered before its
    /// new value, minus the touched old values before it, plus the touched new values before it.
    /// Those positions tell which untouched items cross the window's edges (`fetchOffset`,
    /// `fetchLimit`), and old index paths are taken. Second, the tree is changed. Third, new index
    /// paths are taken against the new state.
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
        guard !touched.isEmpty else { return Changes() }
        let (removed, added) = locate(&touched)
        let oldFrame = frame()
        let newVisible = window(forCount: items.count - removed.count + added.count)
        var rows = visibleRows(touched, oldVisible: oldFrame.visible, newVisible: newVisible)
        rows += crossingRows(oldVisible: oldFrame.visible, newVisible: newVisible, removed: removed, added: added)
        var spans = oldSpans(of: &rows, in: oldFrame)
        for item in touched {
            if let old = item.old { remove(old) }
        }
        for item in touched {
            if let new = item.new { insert(new) }
        }
        guard !rows.isEmpty else { return Changes() }
        addNewSpans(to: &spans, rows: &rows, in: frame())
        return changes(rows: rows, spans: spans)
    }

    // MARK: Step 1: against the old state

    /// The items whose presence or value in the result the batch changes; old values are the
    /// result's own, new values are the batch's when they match the predicate.
    private func resolve(_ batch: ObjectsDidChange) -> [Touched] {
        var indexByID: [UUID: Int] = [:]
        var touched: [Touched] = []
        func note(_ id: UUID, _ value: TodoItem?) {
            let new = value.flatMap { predicate.evaluate($0) ? $0 : nil }
            if let index = indexByID[id] {
                touched[index].new = new
            } else {
                indexByID[id] = touched.count
                touched.append(Touched(old: itemsByID[id], new: new))
            }
        }
        for item in batch.inserted { note(item.id, item) }
        for update in batch.updated { note(update.new.id, update.new) }
        for item in batch.deleted { note(item.id, nil) }
        return touched.filter { $0.old != $0.new }
    }

    /// Sets every touched item's old and new global positions; returns both lists of positions,
    /// ascending.
    private func locate(_ touched: inout [Touched]) -> (removed: [Int], added: [Int]) {
        let isBefore = items.areInIncreasingOrder
        var removed: [(position: Int, value: TodoItem)] = []
        var added: [(index: Int, value: TodoItem)] = []
        for index in touched.indices {
            if let old = touched[index].old {
                guard let position = items.position(of: old) else { preconditionFailure("item \(old.id) is not in the result") }
                touched[index].oldPosition = position
                removed.append((position, old))
            }
            if let new = touched[index].new {
                added.append((index, new))
            }
        }
        removed.sort { $0.position < $1.position }
        added.sort { isBefore($0.value, $1.value) }
        for (rank, entry) in added.enumerated() {
            let removedBefore = Self.countLeading(removed) { isBefore($0.value, entry.value) }
            touched[entry.index].newPosition = items.insertionPosition(for: entry.value) - removedBefore + rank
        }
        return (removed.map(\.position), added.map { touched[$0.index].newPosition })
    }

    /// The touched items visible before or after the batch.
    private func visibleRows(_ touched: [Touched], oldVisible: Range<Int>, newVisible: Range<Int>) -> [Row] {
        touched.compactMap { item in
            let old = item.old.flatMap { oldVisible.contains(item.oldPosition) ? $0 : nil }
            let new = item.new.flatMap { newVisible.contains(item.newPosition) ? $0 : nil }
            guard old != nil || new != nil else { return nil }
            return Row(old: old, new: new, oldPosition: item.oldPosition, newPosition: item.newPosition)
        }
    }

    /// Untouched items pushed out of or pulled into the window by the touched ones.
    ///
    /// Untouched items keep their relative order, so each has one rank among them in both
    /// states; the window holds a range of those ranks before and another after.
    private func crossingRows(oldVisible: Range<Int>, newVisible: Range<Int>, removed: [Int], added: [Int]) -> [Row] {
        let oldRanks = Self.untouchedRank(of: oldVisible.lowerBound, excluding: removed)
            ..< Self.untouchedRank(of: oldVisible.upperBound, excluding: removed)
        let newRanks = Self.untouchedRank(of: newVisible.lowerBound, excluding: added)
            ..< Self.untouchedRank(of: newVisible.upperBound, excluding: added)
        var rows: [Row] = []
        for ranks in Self.subtracting(newRanks, from: oldRanks) {
            for position in Self.untouchedPositions(ranks, excluding: removed) {
                rows.append(Row(old: items[position], oldPosition: position))
            }
        }
        for ranks in Self.subtracting(oldRanks, from: newRanks) {
            let oldPositions = Self.untouchedPositions(ranks, excluding: removed)
            for (oldPosition, newPosition) in zip(oldPositions, Self.untouchedPositions(ranks, excluding: added)) {
                rows.append(Row(new: items[oldPosition], newPosition: newPosition))
            }
        }
        return rows
    }

    /// Old index paths of the rows, and the old visible count and section index of every day a
    /// row belongs to before or after.
    private func oldSpans(of rows: inout [Row], in frame: Frame) -> [Date: DaySpan] {
        var spans: [Date: DaySpan] = [:]
        for index in rows.indices {
            for value in [rows[index].old, rows[index].new].compactMap({ $0 }) {
                spans[day(of: value)] = DaySpan()
            }
            if let old = rows[index].old {
                rows[index].oldPath = indexPath(ofPosition: rows[index].oldPosition, item: old, in: frame)
            }
        }
        for day in spans.keys {
            let count = visibleRange(ofDay: day, in: frame).count
            spans[day]?.oldCount = count
            spans[day]?.oldIndex = count > 0 ? rank(ofDay: day) - frame.firstDayRank : 0
        }
        return spans
    }

    // MARK: Step 3: against the new state

    private func addNewSpans(to spans: inout [Date: DaySpan], rows: inout [Row], in frame: Frame) {
        for index in rows.indices {
            guard let new = rows[index].new else { continue }
            assert(items.position(of: new) == rows[index].newPosition, "computed and actual new positions differ")
            rows[index].newPath = indexPath(ofPosition: rows[index].newPosition, item: new, in: frame)
        }
        for day in spans.keys {
            let count = visibleRange(ofDay: day, in: frame).count
            spans[day]?.newCount = count
            spans[day]?.newIndex = count > 0 ? rank(ofDay: day) - frame.firstDayRank : 0
        }
    }

    /// Classifies the rows and the days into the report.
    private func changes(rows: [Row], spans: [Date: DaySpan]) -> Changes {
        let moving = movingRows(rows)
        var itemChanges: [Changes.ItemChange] = []
        for (index, row) in rows.enumerated() {
            switch (row.old, row.new) {
            case (let old?, nil):
                itemChanges.append(.init(type: .delete, item: old, oldPath: row.oldPath))
            case (nil, let new?):
                itemChanges.append(.init(type: .insert, item: new, newPath: row.newPath))
            case (_?, let new?):
                itemChanges.append(.init(type: moving.contains(index) ? .move : .update, item: new, oldPath: row.oldPath, newPath: row.newPath))
            case (nil, nil):
                continue
            }
        }
        return Changes(sections: sectionChanges(rows: rows, spans: spans), items: itemChanges)
    }

    /// The indices of rows present before and after that must be reported as moves.
    ///
    /// Rows whose sort position did not change keep their order with every untouched row; they
    /// and the untouched rows are stationary. Any other row stays an update only when it is in
    /// the same day and has as many stationary rows before it in both states, and when it keeps
    /// its order with the other rows accepted so (checked greedily in old order).
    private func movingRows(_ rows: [Row]) -> Set<Int> {
        let isBefore = items.areInIncreasingOrder
        func keepsSortPosition(_ row: Row) -> Bool {
            guard let old = row.old, let new = row.new else { return false }
            return !isBefore(old, new) && !isBefore(new, old)
        }
        let unstableOld = rows.filter { $0.old != nil && !keepsSortPosition($0) }.map(\.oldPosition).sorted()
        let unstableNew = rows.filter { $0.new != nil && !keepsSortPosition($0) }.map(\.newPosition).sorted()
        let candidates = rows.indices
            .filter { rows[$0].old != nil && rows[$0].new != nil && !keepsSortPosition(rows[$0]) }
            .sorted { rows[$0].oldPosition < rows[$1].oldPosition }
        var moving: Set<Int> = []
        var lastAccepted = Int.min
        for index in candidates {
            let row = rows[index]
            let stationaryBefore = row.oldPosition - Self.countLeading(unstableOld) { $0 < row.oldPosition }
            let stationaryAfter = row.newPosition - Self.countLeading(unstableNew) { $0 < row.newPosition }
            let sameDay = row.old.map(day(of:)) == row.new.map(day(of:))
            if sameDay, stationaryBefore == stationaryAfter, row.newPosition > lastAccepted {
                lastAccepted = row.newPosition
            } else {
                moving.insert(index)
            }
        }
        return moving
    }

    /// Sections whose day gained its first visible row or lost its last one.
    private func sectionChanges(rows: [Row], spans: [Date: DaySpan]) -> [Changes.SectionChange] {
        var changes: [Changes.SectionChange] = []
        for (day, span) in spans {
            if span.oldCount > 0, span.newCount == 0 {
                let leaving = rows.filter { $0.old != nil && $0.oldPath.section == span.oldIndex }
                    .sorted { $0.oldPath < $1.oldPath }.compactMap(\.old)
                assert(leaving.count == span.oldCount, "every row of a deleted section must leave it")
                changes.append(.init(type: .delete, index: span.oldIndex, day: day, items: leaving))
            } else if span.oldCount == 0, span.newCount > 0 {
                let arriving = rows.filter { $0.new != nil && $0.newPath.section == span.newIndex }
                    .sorted { $0.newPath < $1.newPath }.compactMap(\.new)
                assert(arriving.count == span.newCount, "every row of an inserted section must arrive in it")
                changes.append(.init(type: .insert, index: span.newIndex, day: day, items: arriving))
            }
        }
        return changes
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
