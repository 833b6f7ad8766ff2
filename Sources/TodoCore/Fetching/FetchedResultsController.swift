import Foundation

/// Keeps the result of a fetch request sorted, grouped into day sections and up to date, and
/// reports every change with the index paths a table view needs, as `NSFetchedResultsController`.
///
/// Three modes, as Core Data's:
/// - **No tracking**: no delegate. The result is the one `performFetch()` computed; a delegate
///   set later first receives what changed since, as one batch (see `delegate`).
/// - **Memory-only tracking**: a delegate and no cache name. Every batch the context processes
///   updates the result and is reported to the delegate.
/// - **Full persistent tracking**: a delegate and a cache name. As above, and the sorted,
///   sectioned result is kept in a cache file that a later `performFetch()` can reuse.
///
/// Changes are seen only when the context processes them (`processPendingChanges()`, or
/// implicitly in `save()`, `rollback()`, `undo()`, `redo()` and merges); an item edited but not
/// processed keeps its old index path. Each processed batch costs O(k log n) for k changed items
/// plus the callbacks, never a refetch. `fetchLimit` and `fetchOffset` stay honoured while
/// tracking: items crossing the window's edges are reported as inserts and deletes. Every value
/// a tracking result holds is the context's processed value, the versions a save assigns
/// included; a change of `version` alone is taken without a report, since no row shows it.
///
/// A context `reset()` reports nothing: a tracking controller forgets its result (`fetchedItems`
/// and `sections` are empty) until `performFetch()` runs again. One without a delegate sees no
/// batch, the reset's included, and keeps showing what it fetched (its values are its own).
///
/// Sections are calendar days of `date` in the injected calendar and time zone, named
/// `yyyy-MM-dd` and titled relative to `today` ("Today", "Yesterday", "Tomorrow", "Mon 12 Jan",
/// "Mon 12 Jan 2024"), then one section of the items without a date ("No date"), last in either
/// direction; `dayDidChange(now:)` moves `today` at midnight and reports the sections whose
/// titles changed.
public final class FetchedResultsController {
    /// How items are grouped into sections.
    public enum SectionKey: String, Sendable, Hashable {
        /// One section per calendar day of `date`, and one for the items without a date after
        /// them; the sort order must begin with `date`, or with `.day` in the controller's
        /// calendar.
        case day
        /// One section holding every item (present while there is at least one item); any
        /// sort order.
        case none
    }

    /// What to fetch. Changing it takes effect at the next `performFetch()`; with a cache name,
    /// the cache must be deleted before that (`deleteCache(named:in:)`), or that fetch throws.
    public var fetchRequest: FetchRequest {
        didSet {
            if fetchRequest != oldValue { requestChangedSinceFetch = true }
        }
    }
    public let context: TodoContext
    public let sectionKey: SectionKey
    /// The name of the persistent cache, or nil for none.
    public let cacheName: String?
    /// The folder holding cache files (the caller resolves `$XDG_CACHE_HOME/todo-tui`).
    public let cacheDirectory: String?
    public let calendar: Calendar
    /// The start of the day that relative titles call "Today".
    public internal(set) var today: Date
    /// Receives change reports; the controller tracks changes only while it is set.
    ///
    /// Setting it to nil stops tracking and keeps the result as it is. Setting a delegate again
    /// resumes tracking without a `performFetch()`: the controller first brings its result up to
    /// date with the context and reports what changed meanwhile as one batch (deletes, inserts,
    /// moves and updates against the rows the delegate last saw), so the delegate's table never
    /// works on a stale result.
    public weak var delegate: (any FetchedResultsControllerDelegate)? {
        didSet { updateTracking() }
    }
    /// Why the last attempt to write the cache failed, or nil. A cache is an optimisation, so
    /// `performFetch()` succeeds without it.
    public internal(set) var cacheError: FetchError?
    /// Whether `performFetch()` writes a freshly computed result to the cache (the default, as
    /// Core Data). An owner that fetches often — a live filter refetches per keystroke, and
    /// deletes the cache before each — can turn it off and call `persistCache()` when the
    /// result is worth keeping, e.g. on quitting.
    package var writesCacheOnFetch = true

    /// The result; nil before the first fetch and after a context reset seen while tracking.
    var results: Results?
    /// The context's `processedBatchCount` that `results` reflects, or nil when unknown (a
    /// fetch that saw unprocessed changes): while it equals the context's, resuming tracking
    /// has nothing to catch up with and skips the O(n) comparison.
    var resultsBatchCount: Int?
    /// Results of earlier requests, reusable while the context processes nothing
    /// (`reusedResult(for:)`); forgotten at the first processed batch.
    var keptResults: [Results] = []
    /// The context's `processedBatchCount` that `keptResults` are current at.
    var keptBatchCount: Int?
    /// How the last `performFetch()` reused an earlier result, or nil when it fetched.
    var lastReuse: Reuse?
    /// True when the last `performFetch()` left the result as it was: the same items, in the
    /// same order and sections, with the same values (a live filter typed on without losing a
    /// row). A table showing the result before has nothing to change. False when not known.
    package internal(set) var leftResultUnchanged = false
    /// How many times resuming tracking compared the whole result with the context, for
    /// diagnostics and tests.
    var catchUpComparisons = 0
    var observation: ObservationToken?
    var requestChangedSinceFetch = false
    /// True while the delegate is being called; batches processed meanwhile wait their turn.
    var isDelivering = false
    var waitingBatches: [ObjectsDidChange] = []
    /// How the last `performFetch()` treated the cache, for diagnostics and tests.
    var lastCacheOutcome: ControllerCache.Outcome?
    let dayLookup: DayLookup
    let titles: SectionTitleFormatter
    /// Each shown day's name and titles relative to `today`; forgotten when `today` moves.
    var labelsByDay: [Date: SectionLabels] = [:]
    /// What titles compare days with, for `today`; forgotten when `today` moves.
    var titleReference: SectionTitleFormatter.Reference?

    /// - Parameters:
    ///   - fetchRequest: what to fetch; needs at least one sort descriptor, and for `.day`
    ///     sections its first descriptor must be `date`, or `.day` in `calendar`'s days.
    ///   - context: the context to fetch from and to track.
    ///   - sectionKey: how items are grouped; `.day` is what the app uses.
    ///   - cacheName: a file-name-safe name for the persistent cache, or nil for none.
    ///   - cacheDirectory: where cache files live; required with a cache name.
    ///   - calendar: decides days (with its time zone) for sections and titles.
    ///   - now: the current instant; its day is "Today" until `dayDidChange(now:)`.
    ///   - titleFormat: how section titles are written.
    public init(
        fetchRequest: FetchRequest,
        context: TodoContext,
        sectionKey: SectionKey = .day,
        cacheName: String? = nil,
        cacheDirectory: String? = nil,
        calendar: Calendar,
        now: Date,
        titleFormat: DayTitleFormat = .standard
    ) {
        precondition(
            cacheName == nil || cacheDirectory != nil, "a controller with a cache name needs a cache directory")
        precondition(
            cacheName.map(ControllerCache.isValidName) ?? true,
            "a cache name must be a plain file name, not '\(cacheName ?? "")'")
        self.fetchRequest = fetchRequest
        self.context = context
        self.sectionKey = sectionKey
        self.cacheName = cacheName
        self.cacheDirectory = cacheDirectory
        self.calendar = calendar
        self.today = calendar.startOfDay(for: now)
        self.dayLookup = DayLookup(calendar: calendar, sectionKey: sectionKey)
        self.titles = SectionTitleFormatter(calendar: calendar, format: titleFormat)
    }

    /// Executes the fetch request and computes the sections, replacing any previous result.
    ///
    /// With a cache name, a valid cache for this request, section key, calendar and store
    /// generation supplies the order and sections without sorting; it is checked against the
    /// context's items in O(n) and rebuilt when anything disagrees. A rebuilt result is written
    /// back when the context has no unsaved changes.
    /// - Throws: `FetchError.missingSortDescriptor`, `.sortSplitsSections` (the order does not
    ///   keep each day together, Core Data's 134060), `.requestChangedWithoutDeletingCache`, or
    ///   the context's error when the store cannot be read.
    /// Without a cache, a request fetched before while the context processed nothing since is
    /// answered from that result, and one whose predicate narrows such a result's (a live
    /// filter typed on) from walking it (see `reusedResult(for:)`).
    /// - Complexity: O(n log n), or O(n) from a valid cache; O(1) for a request fetched before
    ///   and O(n) signature tests for a narrowing one, as above.
    public func performFetch() throws {
        try validate(fetchRequest)
        lastReuse = nil
        leftResultUnchanged = false
        var everything = fetchRequest
        everything.fetchLimit = 0
        everything.fetchOffset = 0
        let cached = try cachedResult(for: everything)
        if let cached {
            results = Results(
                sorted: cached.items, blocks: cached.blocks, request: fetchRequest, dayLookup: dayLookup,
                values: context.current)
        } else if let reused = reusedResult(for: fetchRequest) {
            results = reused
        } else {
            let sorted = try context.fetch(everything)
            let blocks = Results.blocks(of: sorted, dayLookup: dayLookup)
            results = Results(
                sorted: sorted, blocks: blocks, request: fetchRequest, dayLookup: dayLookup, values: context.current)
            if writesCacheOnFetch {
                writeCacheIfClean(sorted: sorted, blocks: blocks)
            }
        }
        requestChangedSinceFetch = false
        resultsBatchCount = context.pendingOrder.isEmpty ? context.processedBatchCount : nil
        updateTracking(catchingUp: false)
    }

    /// Checks that the request can be sectioned: for `.day` sections its order must begin with
    /// `date`, or with `.day` in a calendar of the same kind and time zone as the controller's
    /// (the same days), so that each day's items are contiguous.
    private func validate(_ request: FetchRequest) throws {
        guard let first = request.sortDescriptors.first else { throw FetchError.missingSortDescriptor }
        guard sectionKey == .day else { return }
        switch first.key {
        case .date:
            return
        case .day where first.calendar.map(hasSameDays) == true:
            return
        default:
            throw FetchError.sortSplitsSections(firstDescriptor: first)
        }
    }

    /// Whether `other` splits time into the same days as the controller's calendar.
    private func hasSameDays(_ other: Calendar) -> Bool {
        other.identifier == calendar.identifier && other.timeZone.identifier == calendar.timeZone.identifier
    }
}
