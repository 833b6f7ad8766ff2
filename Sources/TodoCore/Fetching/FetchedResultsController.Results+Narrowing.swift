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
        let matchesEverything = predicate == .all
        let decisiveNeedle: Bool =
            if case .textContains(let needle) = predicate { TextSignature.isDecisive(needle) } else { false }
        let order = FetchedResultsController.KeyOrder(request: request)
        var kept = OrderedTree<SortKey>.Builder(areInIncreasingOrder: order.areInIncreasingOrder)
        var dayBlocks: [(day: Date, block: Block)] = []
        var excludesFoundationSearchedItems = false
        // Each leaf's keys are read in place: a key's copy retains its text, a random access
        // per item at 100,000 items, so only the keys kept are copied, once, into the new tree.
        keys.forEachRun { run in
            for index in run.indices {
                let signature = run[index].signature
                let matches: Bool
                if let required, !signature.mayContain(required) {
                    matches = false
                } else if matchesEverything || decisiveNeedle && !signature.needsFoundation {
                    matches = true
                } else if isTextOnly {
                    matches = predicate.evaluate(text: run[index].text, textIsASCIIOrInert: !signature.needsFoundation)
                } else {
                    matches = predicate.evaluate(item(for: run[index]), textIsASCIIOrInert: !signature.needsFoundation)
                }
                guard matches else {
                    if signature.needsFoundation { excludesFoundationSearchedItems = true }
                    continue
                }
                kept.append(run[index])
                let day = day(of: run[index])
                if dayBlocks.last?.day == day {
                    dayBlocks[dayBlocks.count - 1].block.count += 1
                } else {
                    dayBlocks.append((day, Block(count: 1, first: run[index])))
                }
            }
        }
        return Self(
            keys: kept.build(), blocks: dayBlocks, order: order, dayLookup: dayLookup, values: values,
            excludesFoundationSearchedItems: excludesFoundationSearchedItems)
    }
}
