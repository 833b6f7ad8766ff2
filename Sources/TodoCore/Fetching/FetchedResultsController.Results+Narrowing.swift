import Foundation

extension FetchedResultsController.Results {
    /// The most keys of left-out Foundation-searched items a result remembers; past it, its
    /// `foundationSearchedLeftOut` is unknown and it is not narrowed (the whole list is walked
    /// instead). Each is searched again by every narrowing, at about a microsecond.
    static var leftOutLimit: Int { 1_000 }

    /// Whether `narrowed(to:)` gives `request`'s exact result from this one: the same sort
    /// descriptors, a predicate that narrows this one's (`TodoPredicate.narrows(_:)`: whatever
    /// it matches, this one matched, for texts searched by bytes), and the items left out whose
    /// text takes Foundation's search known, to be looked at again.
    /// - Complexity: O(size of the predicates).
    func canNarrow(to request: FetchRequest) -> Bool {
        request.sortDescriptors == self.request.sortDescriptors && foundationSearchedLeftOut != nil
            && request.predicate.narrows(predicate)
    }

    /// The result of `request` (for which `canNarrow(to:)` holds), made by walking this
    /// result's keys in order: no sort, no copy of the items.
    ///
    /// Each key's list and text signature are tested first: an item of another list than the
    /// predicate's `list:` (`TodoPredicate.listTested`), or whose text lacks one of the ASCII
    /// characters the predicate's needles need, is left out without being looked up; a `list:`
    /// alone (the view of one list) is decided by the keys, with no item looked up; for a
    /// one-letter or one-digit needle a text searched by bytes is decided by its signature
    /// alone. The rest are evaluated with Foundation's semantics exactly: a predicate on the
    /// text alone on the key's text, any other on the item, looked up. Then the items this
    /// result left out whose text Foundation searches are evaluated again, since its foldings
    /// span characters ("ﬁ" holds "fi" but not "f"), and those that match are added.
    /// - Complexity: O(n) list and signature tests for this result's n items, plus O(m) lookups and
    ///   evaluations for the m items the signatures cannot decide, plus O(r) to build the
    ///   result of r items, plus O(k log n) for the k left-out items looked at again.
    func narrowed(to request: FetchRequest) -> Self {
        let test = KeyTest(predicate: request.predicate)
        let order = FetchedResultsController.KeyOrder(request: request)
        var kept = OrderedTree<SortKey>.Builder(areInIncreasingOrder: order.areInIncreasingOrder)
        var dayBlocks: [(day: Date, block: Block)] = []
        var leftOut: [SortKey]? = []
        // Each leaf's keys are read in place: a key's copy retains its text, a random access
        // per item at 100,000 items, so only the keys kept are copied, once, into the new tree.
        keys.forEachRun { run in
            for index in run.indices {
                // Another list's item: no predicate that narrows this one can match it (each keeps
                // its `list:`), so it is not noted as left out either.
                if let list = test.requiredList, !run[index].isInList(list) { continue }
                let signature = run[index].signature
                guard
                    test.matches(signature, text: run[index].text, item: item(for: run[index]))
                else {
                    if signature.needsFoundation { Self.note(run[index], in: &leftOut) }
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
        var result = Self(
            keys: kept.build(), blocks: dayBlocks, order: order, dayLookup: dayLookup, values: values,
            foundationSearchedLeftOut: nil)
        var stillLeftOut: [SortKey] = []
        for key in foundationSearchedLeftOut ?? [] {
            if test.requiredList.map(key.isInList) ?? true,
                test.matches(key.signature, text: key.text, item: item(for: key))
            {
                result.insert(key)
            } else if test.requiredList.map(key.isInList) ?? true {
                stillLeftOut.append(key)
            }
        }
        if var all = leftOut, all.count + stillLeftOut.count <= Self.leftOutLimit {
            all.append(contentsOf: stillLeftOut)
            // Both parts are in order; together they are few.
            all.sort(by: order.areInIncreasingOrder)
            result.foundationSearchedLeftOut = all
        }
        return result
    }

    /// Adds `key` to `leftOut`, which becomes unknown (nil) past `leftOutLimit`.
    private static func note(_ key: SortKey, in leftOut: inout [SortKey]?) {
        guard leftOut != nil else { return }
        if leftOut?.count == leftOutLimit {
            leftOut = nil
        } else {
            leftOut?.append(key)
        }
    }

    /// A predicate's test of one sort key, the key's text signature consulted first.
    private struct KeyTest {
        let predicate: TodoPredicate
        /// The id of the list the predicate asks for (`SortKey.words(of:)`), or nil; the caller
        /// tests it on the key before `matches`.
        let requiredList: (high: UInt64, low: UInt64)?
        /// True when the predicate asks for nothing but its list: a key in it matches.
        let isListOnly: Bool
        let required: TextSignature?
        let isTextOnly: Bool
        let matchesEverything: Bool
        let decisiveNeedle: Bool

        init(predicate: TodoPredicate) {
            self.predicate = predicate
            requiredList = predicate.listTested.map(FetchedResultsController.SortKey.words(of:))
            isListOnly = if case .list = predicate { true } else { false }
            required = predicate.requiredSignature
            isTextOnly = predicate.isTextOnly
            matchesEverything = predicate == .all
            decisiveNeedle =
                if case .textContains(let needle) = predicate { TextSignature.isDecisive(needle) } else { false }
        }

        /// Whether the item whose key has `signature` and `text`, and is in `requiredList` when
        /// there is one, matches; `item` is looked up only when the predicate asks about more
        /// than the text and the list.
        @inline(__always)
        func matches(
            _ signature: TextSignature, text: @autoclosure () -> String, item: @autoclosure () -> TodoItem
        ) -> Bool {
            if isListOnly { return true }
            if let required, !signature.mayContain(required) { return false }
            if matchesEverything || decisiveNeedle && !signature.needsFoundation { return true }
            if isTextOnly {
                return predicate.evaluate(text: text(), textIsASCIIOrInert: !signature.needsFoundation)
            }
            return predicate.evaluate(item(), textIsASCIIOrInert: !signature.needsFoundation)
        }
    }
}
