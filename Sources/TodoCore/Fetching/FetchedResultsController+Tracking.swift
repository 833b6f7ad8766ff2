import Foundation

extension FetchedResultsController {
    /// Observes the context while there is a delegate and a result; stops otherwise.
    func updateTracking() {
        guard delegate != nil, results != nil else {
            observation = nil
            return
        }
        guard observation == nil else { return }
        observation = context.observeObjectsDidChange { [weak self] batch in
            self?.contextDidProcess(batch)
        }
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
        waitingBatches.append(batch)
        deliverWaitingBatches()
    }

    /// Applies and reports waiting batches in order, unless a report is under way: a delegate
    /// that makes the context process changes from inside a callback gets that batch's report
    /// after the current one ends, never nested in it.
    private func deliverWaitingBatches() {
        while !isDelivering, !waitingBatches.isEmpty {
            let batch = waitingBatches.removeFirst()
            if batch.invalidatedAll {
                results = nil
                waitingBatches.removeAll()
                updateTracking()
            } else if let changes = results?.apply(batch) {
                deliver(changes)
            }
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
            delegate.controller(self, didChange: sectionInfo(day: change.day, items: change.items), atSectionIndex: change.index, for: change.type)
        }
        for change in changes.items {
            delegate.controller(self, didChange: change.item, at: change.oldPath, for: change.type, newIndexPath: change.newPath)
        }
        delegate.controllerDidChangeContent(self)
    }
}
