import Foundation

extension FetchedResultsController {
    /// Observes the context while there is a delegate and a result; stops otherwise.
    ///
    /// Tracking that resumes over a result kept from before (the delegate was nil meanwhile)
    /// first catches up with the context and reports what changed meanwhile as one batch.
    /// - Parameter catchingUp: false right after a fetch, whose result is current.
    func updateTracking(catchingUp: Bool = true) {
        guard delegate != nil, results != nil else {
            observation = nil
            return
        }
        guard observation == nil else { return }
        observation = context.observeObjectsDidChange { [weak self] batch in
            self?.contextDidProcess(batch)
        }
        if catchingUp {
            catchUp()
        }
    }

    /// Brings a result kept while tracking was off up to date with the context's processed
    /// values (changes still pending are reported when the context processes them) and reports the difference as one
    /// batch, exactly as if the context had processed
    /// it: items deleted, inserted and changed meanwhile, with the index paths of the result the
    /// delegate last saw. A context that was reset meanwhile is read again; when that fails the
    /// result is forgotten, as after a reset seen while tracking, and `performFetch()` says why.
    /// - Complexity: O(1) when the context processed nothing since the result was current (as
    ///   when a delegate is set right after `performFetch()`); else O(n) in the items of the
    ///   result and the context, plus the report.
    private func catchUp() {
        guard let kept = results, resultsBatchCount != context.processedBatchCount else { return }
        do {
            try context.loadIfNeeded()
        } catch {
            results = nil
            observation = nil
            return
        }
        catchUpComparisons += 1
        var batch = ObjectsDidChange()
        for old in kept.values {
            guard let new = context.processedValue(of: old.id) else {
                batch.deleted.append(old)
                continue
            }
            if new != old {
                batch.updated.append(ItemUpdate(old: old, new: new))
            }
        }
        for id in context.processedIDs where kept.values[id] == nil {
            if let new = context.processedValue(of: id) {
                batch.inserted.append(new)
            }
        }
        guard !batch.isEmpty else {
            resultsBatchCount = context.processedBatchCount
            return
        }
        waitingBatches.append(batch)
        deliverWaitingBatches()
    }

    /// Moves "Today" to the day of `now` and reports the sections whose titles changed.
    ///
    /// Days themselves do not change at midnight, so items and sections keep their places; the
    /// report is a will-change, one section `.update` per visible section whose title or index
    /// title changed (ascending), and a did-change. A table applies a section update by redrawing
    /// that section's header (UIKit: `reloadSections`). A snapshot delegate receives the current
    /// snapshot. Without tracking, only `today` moves.
    /// - Complexity: O(s log n) for s visible sections, plus the items of changed sections.
    public func dayDidChange(now: Date) {
        let newToday = calendar.startOfDay(for: now)
        guard newToday != today else { return }
        let tracked = observation != nil ? results : nil
        let frame = tracked?.frame()
        var shown: [(day: Date, labels: SectionLabels)] = []
        if let tracked, let frame {
            for section in 0..<tracked.numberOfSections(in: frame) {
                let day = tracked.day(atSection: section, in: frame)
                shown.append((day, labels(forDay: day)))
            }
        }
        today = newToday
        labelsByDay.removeAll()
        titleReference = nil
        guard let tracked, let frame else { return }
        var updates = Changes()
        for (section, old) in shown.enumerated() where labels(forDay: old.day) != old.labels {
            let items = tracked.items(in: tracked.visibleRange(ofDay: old.day, in: frame))
            updates.append(.init(type: .update, index: section, day: old.day, items: items))
        }
        updates.sortForDelivery()
        deliver(updates)
        deliverWaitingBatches()
    }

    private func contextDidProcess(_ batch: ObjectsDidChange) {
        guard delegate != nil else {
            observation = nil
            return
        }
        // Posted in order, one call per batch, even while a report is under way: the kept
        // results follow the context here, apart from the one the delegate sees.
        followKeptResults(through: batch, numbered: context.processedBatchCount)
        waitingBatches.append(batch)
        deliverWaitingBatches()
    }

    /// Applies and reports waiting batches in order, unless a report is under way: a delegate
    /// that makes the context process changes from inside a callback gets that batch's report
    /// after the current one ends, never nested in it.
    private func deliverWaitingBatches() {
        while !isDelivering, !waitingBatches.isEmpty {
            let batch = waitingBatches.removeFirst()
            // A kept copy of the current result would be stale now; dropped before the result
            // changes, so it copies no shared tree node.
            if let request = results?.request {
                keptResults.removeAll { $0.request == request }
            }
            if batch.invalidatedAll {
                results = nil
                waitingBatches.removeAll()
                updateTracking()
            } else if let changes = results?.apply(batch) {
                deliver(changes)
            }
        }
        // Tracking applies every batch the context posts: once none waits, the result is
        // current.
        if !isDelivering, waitingBatches.isEmpty, observation != nil, results != nil {
            resultsBatchCount = context.processedBatchCount
        }
    }

    /// Calls the delegate for one report, in the documented order; nothing for an empty one.
    private func deliver(_ changes: Changes) {
        guard let delegate, !changes.isEmpty else { return }
        isDelivering = true
        defer { isDelivering = false }
        if delegate.prefersSnapshots {
            delegate.controller(self, didChangeContentWith: snapshot())
            return
        }
        delegate.controllerWillChangeContent(self)
        for change in changes.sections {
            delegate.controller(
                self, didChange: sectionInfo(day: change.day, items: change.items), atSectionIndex: change.index,
                for: change.type)
        }
        for change in changes.items {
            delegate.controller(
                self, didChange: change.item, at: change.oldPath, for: change.type, newIndexPath: change.newPath)
        }
        delegate.controllerDidChangeContent(self)
    }
}
