import Foundation

extension FetchedResultsController {
    /// Deletes the cache `name` in `directory`, or every controller cache there when `name` is
    /// nil, as Core Data's `deleteCache(withName:)`. Deleting a cache that does not exist does
    /// nothing.
    /// - Throws: `FetchError.cacheNotDeletable`.
    public static func deleteCache(named name: String?, in directory: String) throws {
        try ControllerCache.delete(named: name, in: directory)
    }

    /// Writes the current result to the cache, e.g. before the app exits, so that the next
    /// launch can skip the sort.
    ///
    /// Nothing is written without a cache name or a result, or while the context has unsaved
    /// changes: a cache describes one store generation.
    /// - Throws: `FetchError.cacheNotWritable`.
    /// - Complexity: O(n).
    package func persistCache() throws {
        guard let results else { return }
        let blocks = results.days.map { day in (day: day, count: results.blocks[day]?.count ?? 0) }
        try writeCache(order: results.keys.map(\.id), blocks: blocks)
    }

    /// The items and day blocks of a valid cache for `everything` (the request without its
    /// window), or nil when there is no cache name or no valid cache. Records the outcome.
    /// - Throws: `FetchError.requestChangedWithoutDeletingCache`, or the context's error.
    /// - Complexity: O(n) without sorting.
    func cachedResult(for everything: FetchRequest) throws -> (items: [TodoItem], blocks: [(day: Date, count: Int)])? {
        guard let name = cacheName, let directory = cacheDirectory else { return nil }
        let path = ControllerCache.path(named: name, in: directory)
        if requestChangedSinceFetch, FileManager.default.fileExists(atPath: path) {
            throw FetchError.requestChangedWithoutDeletingCache(name: name)
        }
        switch ControllerCache.read(from: path, expecting: cacheKey(for: everything)) {
        case .failure(let unusable):
            lastCacheOutcome = unusable.outcome
            return nil
        case .success(let cache):
            // Counted only for a cache worth checking: a pass over every item with the predicate
            // is a quarter of a live-filter keystroke, whose cache is always gone.
            let matching = try context.count(for: everything)
            let items = try verifiedItems(of: cache, matching: matching, request: everything)
            lastCacheOutcome = items == nil ? .disagrees : .used
            return items.map { ($0, cache.blocks) }
        }
    }

    /// The context's items in the cache's order, or nil unless they are exactly the `matching`
    /// items of `request`, strictly in its order, grouped exactly as the cache's day blocks say.
    /// Days are monotone along the order (it begins with `date` or `.day`), so checking each
    /// block's first and last item checks every item's day.
    private func verifiedItems(of cache: ControllerCache, matching: Int, request: FetchRequest) throws -> [TodoItem]? {
        guard cache.order.count == matching, let items = try context.items(withIDs: cache.order) else { return nil }
        let order = KeyOrder(request: request)
        for (index, item) in items.enumerated() {
            guard request.predicate.evaluate(item) else { return nil }
            if index > 0, !order.orders(items[index - 1], before: item) { return nil }
        }
        var start = 0
        var previousDay: Date?
        for block in cache.blocks {
            // Compared before adding: the count comes from a file and must not overflow the sum.
            guard block.count > 0, block.count <= items.count - start else { return nil }
            let end = start + block.count
            guard block.day != previousDay,
                dayLookup.day(of: items[start].date) == block.day,
                dayLookup.day(of: items[end - 1].date) == block.day
            else { return nil }
            previousDay = block.day
            start = end
        }
        return start == items.count ? items : nil
    }

    /// Writes a freshly computed result to the cache when it describes the store: with a cache
    /// name and no unsaved changes. A failure is kept in `cacheError`.
    func writeCacheIfClean(sorted: [TodoItem], blocks: [(day: Date, count: Int)]) {
        do throws(FetchError) {
            try writeCache(order: sorted.map(\.id), blocks: blocks)
            cacheError = nil
        } catch {
            cacheError = error
        }
    }

    private func writeCache(order: [UUID], blocks: [(day: Date, count: Int)]) throws(FetchError) {
        guard let name = cacheName, let directory = cacheDirectory, let results, !context.hasChanges else { return }
        let cache = ControllerCache(key: cacheKey(for: results.request), blocks: blocks, order: order)
        try cache.write(to: ControllerCache.path(named: name, in: directory))
    }

    /// The key of `request`, the section key, the calendar and the store generation. The window
    /// is left out: the cache holds every matching item, whatever the limit and offset.
    private func cacheKey(for request: FetchRequest) -> ControllerCache.Key {
        var everything = request
        everything.fetchLimit = 0
        everything.fetchOffset = 0
        return ControllerCache.Key(
            request: everything.description,
            sectionKey: sectionKey.rawValue,
            calendar: "\(calendar.identifier) \(calendar.timeZone.identifier)",
            generation: context.storeGeneration
        )
    }
}
