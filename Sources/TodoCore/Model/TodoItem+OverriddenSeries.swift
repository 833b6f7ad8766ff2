import Foundation

extension TodoItem {
    /// Completes the current occurrence of a series whose occurrences another program overrides
    /// (`OverriddenSeries`), as Thunderbird does: a completed override of that occurrence joins
    /// the kept lines, the series' own dates, rule and counts stay as read, and the to-do moves to
    /// the next occurrence no override completed. With none left (past `UNTIL`, the last of
    /// `COUNT`) the to-do is completed for good, showing the last occurrence.
    ///
    /// Deterministic from the item and `now`: two devices completing the same occurrence add the
    /// same `RECURRENCE-ID` and move to the same dates.
    /// - Complexity: as `OverriddenSeries.current(of:)`, plus O(n) in the kept lines.
    mutating func completeOccurrence(of series: OverriddenSeries, at now: Date) -> Completion {
        guard let repeating = repetition, case .open(let occurrence) = series.current(of: repeating.repetition) else {
            setDone(true, at: now)
            return .completed
        }
        let kept = KeptLines(foreign.iCalendar)
        var summary = ICalendarWriter(capacity: 64)
        summary.text("SUMMARY", ICalendarFormat.singleLine(TextForm.iCalendar.apply(text)))
        let summaryLine = String(decoding: summary.bytes, as: UTF8.self)
            .replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "")
        foreign.iCalendar = series.completing(
            occurrence, in: foreign, uid: kept.line("UID") ?? "UID:" + id.uuidString.lowercased(),
            summary: summaryLine, now: now)
        guard let advanced = OverriddenSeries(foreign, calendar: series.calendar),
            case .open(let next) = advanced.current(of: repeating.repetition)
        else {
            startDate = occurrence.start
            dueDate = occurrence.due
            setDone(true, at: now)
            return .completed
        }
        startDate = next.start
        dueDate = next.due
        return .advanced(due: dueDate)
    }

    /// Reopens a series whose occurrences another program overrides and whose last occurrence is
    /// completed (`completeOccurrence(of:at:)` at the end of the series): that occurrence's
    /// completed override is opened again (`OverriddenSeries.reopening(_:in:)`), so the series
    /// reads back open at it. Otherwise, as for any to-do, only the item's done state changes.
    /// - Complexity: as `OverriddenSeries.current(of:)`, plus O(n) in the kept lines.
    mutating func reopenLastOccurrence(of series: OverriddenSeries, at now: Date) {
        if let repeating = repetition, case .finished(let last?) = series.current(of: repeating.repetition) {
            foreign.iCalendar = series.reopening(last, in: foreign)
        }
        setDone(false, at: now)
    }

    /// The item (a merge of `ours` and `theirs`, two versions of one to-do changed since `base`)
    /// with the occurrences both completed or changed kept: when both changed the kept lines of a
    /// series with `RECURRENCE-ID` overrides, its overrides are merged occurrence by occurrence
    /// (`OverriddenSeries.merging(base:ours:theirs:into:)`, the series' own lines this item's)
    /// and the to-do shows the merged series' current occurrence, done when none is left
    /// (completed at the later of the two sides' changes). Otherwise the item as it is.
    /// - Parameter calendar: the zone of a series' floating and whole-day dates.
    /// - Complexity: O(n) in the kept lines, plus as `OverriddenSeries.current(of:)`.
    func keepingOverrides(of ours: TodoItem, _ theirs: TodoItem, base: TodoItem?, calendar: Calendar) -> TodoItem {
        guard let repeating = repetition, ours.foreign != theirs.foreign, base?.foreign != ours.foreign,
            base?.foreign != theirs.foreign, let mine = OverriddenSeries(ours.foreign, calendar: calendar),
            let other = OverriddenSeries(theirs.foreign, calendar: calendar)
        else { return self }
        var merged = self
        merged.foreign.iCalendar = OverriddenSeries.merging(
            base: base.flatMap { OverriddenSeries($0.foreign, calendar: calendar) }, ours: mine, theirs: other,
            into: foreign)
        guard let series = OverriddenSeries(merged.foreign, calendar: calendar) else { return self }
        let shown: OverriddenSeries.Occurrence?
        switch series.current(of: repeating.repetition) {
        case .open(let open):
            shown = open
            merged.setDone(false, at: merged.modifiedAt)
        case .finished(let last):
            shown = last
            merged.setDone(true, at: max(ours.modifiedAt, theirs.modifiedAt))
        }
        if let shown {
            merged.startDate = shown.start
            merged.dueDate = shown.due
        }
        return merged
    }

    /// The item's repetition as it stands, for words: for a series whose occurrences another
    /// program overrides, its `COUNT` is what is left from the shown occurrence on (the
    /// occurrences no override completed), as it is for a series advanced in place; otherwise
    /// `repetition` as it is. Nil when the item does not repeat by a rule todo-tui computes.
    /// - Parameter calendar: the zone of a series' floating and whole-day dates.
    /// - Complexity: O(1), or as `OverriddenSeries.openCount(of:)` for such a series.
    public func repetitionAsShown(calendar: Calendar) -> Repetition? {
        guard var shown = repetition?.repetition else { return nil }
        if shown.rule.count != nil, let series = OverriddenSeries(foreign, calendar: calendar),
            let open = series.openCount(of: shown)
        {
            shown.rule.count = max(1, open)
        }
        return shown
    }
}
