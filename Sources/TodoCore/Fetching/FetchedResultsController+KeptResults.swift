import Foundation

extension FetchedResultsController {
    /// How `performFetch()` found its result without a fetch, for diagnostics and tests.
    enum Reuse: Equatable {
        /// The request's own result, kept from before.
        case kept
        /// A kept result whose predicate the request's narrows, walked (`Results.narrowed(to:)`).
        case narrowed
    }

    /// How many results are kept for reuse; the unfiltered one is the last to go.
    static let keptResultLimit = 5

    /// `request`'s result made from results computed before, or nil when none can give it
    /// exactly.
    ///
    /// A live filter refetches per keystroke. The results it leaves behind are kept while the
    /// context processes nothing (a processed batch, a reset, or a pending change makes them
    /// stale): a request fetched before is its kept result again (Backspace, Esc), and a
    /// predicate that narrows a kept one (typing on) is that result walked in order
    /// (`Results.narrowed(to:)`), the smallest such result first. The current result is kept
    /// before it is replaced. Results are not reused while fetches write the persistent cache.
    /// - Complexity: O(1) for a request fetched before; else that of `Results.narrowed(to:)` on
    ///   the smallest kept result it narrows.
    func reusedResult(for request: FetchRequest) -> Results? {
        guard cacheName == nil || !writesCacheOnFetch, context.isLoaded, context.pendingOrder.isEmpty else {
            keptResults.removeAll()
            return nil
        }
        let batchCount = context.processedBatchCount
        if keptBatchCount != batchCount {
            keptResults.removeAll()
            keptBatchCount = batchCount
        }
        if let current = results, resultsBatchCount == batchCount {
            keep(current)
        }
        if let index = keptResults.firstIndex(where: { $0.request == request }) {
            let kept = keptResults.remove(at: index)
            keptResults.append(kept)
            lastReuse = .kept
            return kept
        }
        let source = keptResults.lazy.filter { $0.canNarrow(to: request) }.min { $0.count < $1.count }
        guard let source else { return nil }
        lastReuse = .narrowed
        let narrowed = source.narrowed(to: request)
        // A subset of the result shown (which the request narrows) as large as it: the same
        // items, in the same order, with the same values.
        if let current = results, resultsBatchCount == batchCount, current.canNarrow(to: request) {
            leftResultUnchanged = narrowed.count == current.count
        }
        return narrowed
    }

    /// Brings the kept unfiltered result up to date with `batch`, the context's batch number
    /// `number`, and forgets the other kept results (a filter's are cheap to make again from the
    /// unfiltered one).
    ///
    /// Switching back to every list after a change (a move out of the list on view, an edit)
    /// then finds the whole list sorted instead of fetching and sorting every item again, and a
    /// view of one list is narrowed from it (`Results.narrowed(to:)`). The kept result is
    /// followed only while it was current at the batch before; one that missed a batch (the
    /// controller did not track meanwhile) or saw a reset is dropped. The current result is
    /// not kept twice: `reusedResult(for:)` keeps it when it is replaced.
    /// - Complexity: O(k log n) for a batch of k items (`Results.apply(_:)`, its report
    ///   dropped).
    func followKeptResults(through batch: ObjectsDidChange, numbered number: Int) {
        let current = results?.request
        let unfiltered = keptResults.lastIndex { $0.predicate == .all && $0.request != current }
        guard let unfiltered, keptBatchCount == number - 1, !batch.invalidatedAll else {
            keptResults.removeAll()
            return
        }
        var followed = keptResults[unfiltered]
        // Dropped first, so that the result's tree is not shared when it changes.
        keptResults.removeAll()
        _ = followed.apply(batch)
        keptResults = [followed]
        keptBatchCount = number
    }

    /// Forgets the filtered results kept for reuse and hands their memory back; the current
    /// result and the unfiltered one stay, so going back to the whole list is still instant.
    ///
    /// Kept results make Backspace and retyping instant while a filter is typed; once it is
    /// done they hold, at 100,000 items, megabytes the list no longer needs. The app calls this
    /// when the filter line closes; the next filter narrows the current result.
    /// - Complexity: O(k) for k kept results.
    package func discardKeptFilteredResults() {
        keptResults.removeAll { $0.predicate != .all }
    }

    /// Keeps `results` as the most recent, replacing a kept result of the same request; past
    /// the limit the oldest filtered result goes.
    private func keep(_ results: Results) {
        keptResults.removeAll { $0.request == results.request }
        keptResults.append(results)
        guard keptResults.count > Self.keptResultLimit else { return }
        let oldestFiltered = keptResults.firstIndex { $0.predicate != .all } ?? 0
        keptResults.remove(at: oldestFiltered)
    }
}
