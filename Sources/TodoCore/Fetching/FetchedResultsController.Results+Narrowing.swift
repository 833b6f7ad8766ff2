import Foundation

extension FetchedResultsController.Results {
    /// Whether `narrowed(to:)` gives `request`'s exact result from this one: the same sort
    /// descriptors, a predicate that narrows this one's (`TodoPredicate.narrows(_:)`: whatever
    /// it matches, this one matched, for texts searched by bytes), and no item left out whose
    /// text takes Foundation's search.
    /// - Complexity: O(size of the predicates).
    func canNarrow(to request: FetchRequest) -> Bool {
        request.sortDescriptors == self.request.sortDescriptors && !excludesFoundationSearchedItems
            && request.predicate.narrows(predicate)
    }

    /// The result of `request` (for which `canNarrow(to:)` holds), made by walking this
    /// result's keys in order: no sort, no copy of the items.
    ///
    /// Each key's text signature is tested first: an item whose text lacks one of the ASCII
    /// characters the predicate's needles need is left out without being looked up, and for a
    /// one-letter or one-digit needle a text searched by bytes is decided by its signature
    /// alone. The rest are evaluated with Foundation's semantics exactly: a predicate on the
    /// text alone on the key's text, any other on the item, looked up.
    /// - Complexity: O(n) signature tests for this result's n items, plus O(m) lookups and
    ///   evaluations for the m items the signatures cannot decide, plus O(r) to build the
    ///   result of r items.
    func narrowed(to request: FetchRequest) -> Self {
        let predicate = request.predicate
        let required = predicate.requiredSignature
        let isTextOnly = predicate.isTextOnly
        let decisiveNeedle: Bool =
            if case .textContains(let needle) = predicate { TextSignature.isDecisive(needle) } else { false }
        var kept: [SortKey] = []
        var dayCounts: [(day: Date, count: Int)] = []
        var excludesFoundationSearchedItems = false
        for key in keys {
            let matches: Bool
            if let required, !key.signature.mayContain(required) {
                matches = false
            } else if predicate == .all || decisiveNeedle && !key.signature.needsFoundation {
                matches = true
            } else if isTextOnly {
                matches = predicate.evaluate(text: key.text, textIsASCIIOrInert: !key.signature.needsFoundation)
            } else {
                matches = predicate.evaluate(item(for: key), textIsASCIIOrInert: !key.signature.needsFoundation)
            }
            guard matches else {
                if key.signature.needsFoundation { excludesFoundationSearchedItems = true }
                continue
            }
            kept.append(key)
            let day = day(of: key)
            if dayCounts.last?.day == day {
                dayCounts[dayCounts.count - 1].count += 1
            } else {
                dayCounts.append((day, 1))
            }
        }
        return Self(
            sortedKeys: kept, blocks: dayCounts, order: FetchedResultsController.KeyOrder(request: request),
            dayLookup: dayLookup,
            values: values, excludesFoundationSearchedItems: excludesFoundationSearchedItems)
    }
}
