import Foundation

/// A scratch pad of unsaved changes over a store, as `NSManagedObjectContext`.
///
/// The context reads the store lazily (on the first fetch or lookup) and remembers every item's
/// committed value and version: its snapshot for optimistic locking. Inserts, updates and deletes
/// change only the context until `save()`. Observers see changes only when they are processed
/// (`processPendingChanges()`, or implicitly by `save()`, `rollback()`, `undo()` and `redo()`),
/// one `ObjectsDidChange` per batch.
///
/// The context owns bookkeeping fields: `update` sets `modifiedAt` from the injected clock and
/// keeps `id`, `createdAt` and `version` as they were; `save()` assigns versions.
///
/// Not thread-safe: one context belongs to one synchronous loop.
public final class TodoContext {
    /// Where committed items live.
    public let store: any TodoStore
    /// What `save()` does with conflicts.
    public var mergePolicy: MergePolicy = .error
    /// The context a child's `save()` pushes into; nil for a root context, which saves to `store`.
    public let parent: TodoContext?
    /// For a child: whenever the parent processes a batch, take its new values for the items this
    /// context has not changed (as Core Data's property of that name).
    public var automaticallyMergesChangesFromParent = false {
        didSet { observeParentIfNeeded() }
    }
    var parentObservation: ObservationToken?
    /// The lists whose to-dos this context refuses to change (a calendar a sync may only read):
    /// inserting into one, changing, deleting or moving a to-do of one, or moving a to-do into
    /// one throws `ContextError.readOnlyList`. Empty unless set; a child starts with its parent's.
    public var readOnlyLists: Set<UUID> = []

    let now: () -> Date

    /// Committed values as last read from or written to the store: the optimistic-locking snapshot.
    var committed = ItemTable()
    /// Current values: committed values with this context's changes applied. A copy of
    /// `committed` (and a child's tables a copy of its parent's) shares its storage; see `ItemTable`.
    /// Written only through `setCurrent(_:for:)` once loaded, so that every change to a value the
    /// context shows reaches observers in a processed batch (a controller keeps values, and would
    /// otherwise go stale).
    private(set) var current = ItemTable()
    /// Ids whose current value may differ from the committed one (inserted, updated or deleted).
    var unsavedIDs: Set<UUID> = []
    /// For ids this context saw leave the store, the version they had then. Versions name one
    /// value per id and only grow (a deleted item comes back with a higher one), so a merged
    /// save of this version or an older one is stale and must not bring the item back.
    var deletedVersions: [UUID: Int] = [:]
    /// For every id touched since the last processed batch, its value at that batch (nil = absent).
    var pendingBase: [UUID: TodoItem?] = [:]
    /// Ids in the order they were first touched since the last batch, so batches are reproducible.
    var pendingOrder: [UUID] = []
    var isLoaded = false
    /// How many current items each list holds, once `count(inList:)` asked (nil before, and
    /// after a reset); `setCurrent(_:for:)` keeps it up to date.
    var listCounts: [UUID: Int]?
    /// How many batches have been posted to `objectsDidChange` observers (a reset's included):
    /// a reader that saw the processed values at count N knows they are unchanged while the
    /// count is still N.
    var processedBatchCount = 0

    /// The lists as last read from or written to the store (see `committed`).
    var committedLists = [TodoList.standard]
    /// The lists with this context's changes applied (see `current`); changed only through
    /// `setCurrentLists(_:)` once loaded.
    private(set) var currentLists = [TodoList.standard]
    /// The lists as of the last processed batch, when they changed since.
    var pendingListsBase: [TodoList]?

    var undoStack: [ChangeGroup] = []
    var redoStack: [ChangeGroup] = []
    var undoRegistration = UndoRegistration.record

    var objectsDidChangeObservers: [Int: (ObjectsDidChange) -> Void] = [:]
    var didSaveObservers: [Int: (DidSave) -> Void] = [:]
    var nextObserverKey = 0

    /// The store generation this context has seen everything up to; 0 before the first load.
    public internal(set) var storeGeneration = 0

    /// - Parameters:
    ///   - store: where committed items are read from and saved to.
    ///   - now: the clock for `createdAt`/`modifiedAt`; injected so that logic never reads the
    ///     wall clock itself.
    public init(store: any TodoStore, now: @escaping () -> Date) {
        self.store = store
        self.now = now
        self.parent = nil
    }

    /// A child context: it reads its parent's current values (unsaved ones included) and its
    /// `save()` pushes into the parent only; nothing reaches the store until the root saves.
    /// Discarding a child without saving leaves the parent untouched. The child starts with the
    /// parent's clock and merge policy.
    public init(parent: TodoContext) {
        self.store = parent.store
        self.now = parent.now
        self.parent = parent
        self.mergePolicy = parent.mergePolicy
        self.readOnlyLists = parent.readOnlyLists
    }

    // MARK: Reading

    /// The items matching `request`, including unsaved changes, in the request's order.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(n log n) in the number of items in the context.
    public func fetch(_ request: FetchRequest) throws(StoreError) -> [TodoItem] {
        try loadIfNeeded()
        // An array first (the table's own while it has no changes on top): filtering an array is
        // several times faster than filtering through the table's iterator (`todo-bench keys`).
        return request.apply(to: current.array)
    }

    /// Every item, including unsaved changes, in no particular order: for a caller that indexes
    /// them itself and has no use for `fetch`'s sorting (a sync run).
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(1) once loaded while the context has no changes, else O(n).
    package func allItems() throws(StoreError) -> [TodoItem] {
        try loadIfNeeded()
        return current.array
    }

    /// How many items `fetch(request)` would return.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(1) for every item without limit and offset, and for one list's items
    ///   (`count(inList:)`, after its first call); O(n) for another predicate without them;
    ///   else as `fetch`.
    public func count(for request: FetchRequest) throws(StoreError) -> Int {
        try loadIfNeeded()
        guard request.fetchLimit == 0, request.fetchOffset == 0 else { return try fetch(request).count }
        guard request.predicate != .all else { return current.count }
        if case .list(let id) = request.predicate { return try count(inList: id) }
        return current.reduce(0) { $0 + (request.predicate.evaluate($1) ? 1 : 0) }
    }

    /// The current value of the item with `id`, or nil when the context has no such item.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(1) once loaded.
    public func item(with id: UUID) throws(StoreError) -> TodoItem? {
        try loadIfNeeded()
        return current[id]
    }

    /// The current values of the items with `ids`, in that order, or nil when the context lacks
    /// one. Cheapest when `ids` follow the order the store file lists its items in.
    /// - Throws: `StoreError` when the store cannot be read.
    /// - Complexity: O(k) for k ids, plus a hash lookup per id out of the file's order.
    func items(withIDs ids: [UUID]) throws(StoreError) -> [TodoItem]? {
        try loadIfNeeded()
        return current.items(withIDs: ids)
    }

    /// Reads the store once; later calls do nothing until `reset()`.
    func loadIfNeeded() throws(StoreError) {
        guard !isLoaded else { return }
        if let parent {
            try parent.loadIfNeeded()
            committed = parent.current
            committedLists = parent.currentLists
            storeGeneration = parent.storeGeneration
        } else {
            let contents = try store.load()
            committed = ItemTable(contents.items, positions: contents.idPositions)
            committedLists = contents.lists
            storeGeneration = contents.generation
        }
        current = committed
        currentLists = committedLists
        isLoaded = true
    }

    // MARK: Changing

    /// Inserts a new item dated `date` (nil: no date; a date names a time of day), created now.
    /// - Returns: the inserted value (version 0 until saved).
    /// - Throws: `ContextError.store` when the store cannot be read.
    @discardableResult
    public func insert(
        text: String, date: Date?, color: TodoColor = .default, isDone: Bool = false
    ) throws(ContextError) -> TodoItem {
        let item = TodoItem(text: text, date: date, color: color, isDone: isDone, createdAt: now())
        try insert(item)
        return item
    }

    /// Inserts `item` as it is (imports keep ids and timestamps); its version restarts at 0.
    /// - Throws: `ContextError.duplicateID` when an item with the same id is in the context,
    ///   `.noSuchList` when its list is not, `.readOnlyList` when its list is read-only, `.store`
    ///   when the store cannot be read. Nothing changes then.
    public func insert(_ item: TodoItem) throws(ContextError) {
        try loadForChange()
        guard current[item.id] == nil else { throw .duplicateID(item.id) }
        guard hasList(item.listID) else { throw .noSuchList(item.listID) }
        try refuseReadOnly(item.listID)
        insertLoaded(item)
    }

    /// Changes the item with `id` through `change`, then stamps `modifiedAt` with the clock.
    ///
    /// `id`, `createdAt` and `version` belong to the context: changes to `version` are ignored.
    /// A change that leaves every field as it was records nothing.
    /// - Throws: `ContextError.noSuchItem` when the context has no such item (a stale id),
    ///   `.noSuchList` when `change` moves it to a list the context does not hold,
    ///   `.readOnlyList` when it changes an item of a read-only list or moves one into such a
    ///   list, `.store` when the store cannot be read. Nothing changes then.
    /// - Precondition: `change` keeps the item's id.
    public func update(_ id: UUID, _ change: (inout TodoItem) -> Void) throws(ContextError) {
        try loadForChange()
        guard let old = current[id] else { throw .noSuchItem(id) }
        var new = old
        change(&new)
        guard new.listID == old.listID || hasList(new.listID) else { throw .noSuchList(new.listID) }
        if new != old {
            try refuseReadOnly(old.listID)
            try refuseReadOnly(new.listID)
        }
        updateLoaded(old) { $0 = new }
    }

    /// Deletes the item with `id`.
    /// - Throws: `ContextError.noSuchItem` when the context has no such item (a stale id),
    ///   `.readOnlyList` when its list is read-only, `.store` when the store cannot be read.
    ///   Nothing changes then.
    public func delete(_ id: UUID) throws(ContextError) {
        try loadForChange()
        guard let old = current[id] else { throw .noSuchItem(id) }
        try refuseReadOnly(old.listID)
        setCurrent(nil, for: id)
    }

    /// - Throws: `ContextError.readOnlyList` when the list `id` is one of `readOnlyLists`.
    private func refuseReadOnly(_ id: UUID) throws(ContextError) {
        guard readOnlyLists.contains(id) else { return }
        throw .readOnlyList(currentLists.first { $0.id == id }?.name ?? id.uuidString)
    }

    func loadForChange() throws(ContextError) {
        do {
            try loadIfNeeded()
        } catch {
            throw .store(error)
        }
    }

    /// `insert(_:)` on a loaded context, for an id it does not hold.
    func insertLoaded(_ item: TodoItem) {
        var fresh = item
        fresh.version = committed[item.id]?.version ?? 0
        setCurrent(fresh, for: item.id)
    }

    /// `update(_:_:)` on a loaded context, of the item whose current value is `old`.
    func updateLoaded(_ old: TodoItem, _ change: (inout TodoItem) -> Void) {
        var new = old
        change(&new)
        precondition(new.id == old.id, "an update must not change the item's id")
        new.version = old.version
        guard new != old else { return }
        new.modifiedAt = now()
        setCurrent(new, for: old.id)
    }

    /// Update by date predicate: changes every item whose `date` lies in
    /// `[start, end)`, returning how many changed. Save to make it durable.
    /// - Throws: `ContextError.store` when the store cannot be read.
    /// - Complexity: O(n log n) for the fetch plus O(k) for k matches.
    @discardableResult
    public func updateItems(
        datedFrom start: Date, to end: Date, _ change: (inout TodoItem) -> Void
    ) throws(ContextError) -> Int {
        let request = FetchRequest(predicate: .and([.dateOnOrAfter(start), .dateBefore(end)]))
        let matches: [TodoItem]
        do {
            matches = try fetch(request)
        } catch {
            throw .store(error)
        }
        for item in matches {
            updateLoaded(item, change)
        }
        return matches.count
    }

    /// Makes room for `count` more items changed before the next batch, so that a caller about to
    /// insert, update or delete many at once (a sync's first pull) does not grow the context's
    /// bookkeeping step by step. Changes nothing else.
    /// - Complexity: O(k) for k ids touched since the last batch and unsaved, when that grows.
    package func reserveCapacity(forChanges count: Int) {
        pendingBase.reserveCapacity(pendingBase.count + count)
        pendingOrder.reserveCapacity(pendingOrder.count + count)
        unsavedIDs.reserveCapacity(unsavedIDs.count + count)
    }

    /// The single point where current values change once loaded: keeps the pending and unsaved
    /// bookkeeping, so the change is reported at the next `processPendingChanges()`.
    /// - Parameter isUnsaved: false only for a value that is also the committed one (a save's
    ///   outcome, which clears the unsaved ids after): `hasChanges(for:)` would find it unchanged.
    func setCurrent(_ value: TodoItem?, for id: UUID, isUnsaved: Bool = true) {
        // Looked up without copying the value out: only its presence counts here.
        if pendingBase.index(forKey: id) == nil {
            pendingBase[id] = .some(current[id])
            pendingOrder.append(id)
        }
        if listCounts != nil {
            countListChange(from: current[id], to: value)
        }
        current[id] = value
        if isUnsaved { unsavedIDs.insert(id) }
    }

    /// The single point where the current lists change once loaded: keeps the pending base, so
    /// the change is reported (and undoable) at the next `processPendingChanges()`.
    func setCurrentLists(_ lists: [TodoList]) {
        precondition(!lists.isEmpty, "a store holds at least one list")
        if pendingListsBase == nil { pendingListsBase = currentLists }
        currentLists = lists
    }

    /// The single point where committed values change: remembers the version of an item that
    /// leaves the store (see `deletedVersions`).
    /// - Parameter deletedVersion: the version that was deleted, when known better than from the
    ///   committed value (a merged save names it).
    func setCommitted(_ value: TodoItem?, for id: UUID, deletedVersion: Int? = nil) {
        if value == nil, let version = deletedVersion ?? committed[id]?.version {
            deletedVersions[id] = max(deletedVersions[id] ?? 0, version)
        }
        committed[id] = value
    }

    /// The highest version this context has seen for `id`: its committed one, else the one it
    /// saw deleted; nil for an id it never saw in the store.
    func knownVersion(of id: UUID) -> Int? {
        committed[id]?.version ?? deletedVersions[id]
    }

    // MARK: Unsaved state

    /// True when the context holds changes that `save()` would write.
    /// - Complexity: O(k) in the number of touched items.
    public var hasChanges: Bool {
        currentLists != committedLists || unsavedIDs.contains { current[$0] != committed[$0] }
    }

    /// True when the item with `id` has a change `save()` would write: inserted, updated or
    /// deleted here and not saved (processed or not). False for an id the context does not know.
    /// - Complexity: O(1).
    public func hasChanges(for id: UUID) -> Bool {
        unsavedIDs.contains(id) && current[id] != committed[id]
    }

    /// Items inserted and not yet saved, ordered by creation then id.
    public var insertedItems: [TodoItem] {
        sortedForReport(unsavedIDs.compactMap { committed[$0] == nil ? current[$0] : nil })
    }

    /// Items changed and not yet saved (current values), ordered by creation then id.
    public var updatedItems: [TodoItem] {
        sortedForReport(
            unsavedIDs.compactMap { id in
                guard let old = committed[id], let new = current[id], old != new else { return nil }
                return new
            })
    }

    /// Items deleted and not yet saved (committed values), ordered by creation then id.
    public var deletedItems: [TodoItem] {
        sortedForReport(unsavedIDs.compactMap { current[$0] == nil ? committed[$0] : nil })
    }

    private func sortedForReport(_ items: [TodoItem]) -> [TodoItem] {
        items.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    // MARK: Discarding

    /// Discards unsaved changes, restoring committed values, and clears the undo history.
    ///
    /// Observers receive the reverting batch (as Core Data posts objects-did-change).
    public func rollback() {
        processPendingChanges()
        for id in unsavedIDs.sorted() where current[id] != committed[id] {
            setCurrent(committed[id], for: id)
        }
        if currentLists != committedLists { setCurrentLists(committedLists) }
        unsavedIDs.removeAll()
        processWithoutUndo()
        undoStack.removeAll()
        redoStack.removeAll()
    }

    /// Forgets everything: values, snapshot, unsaved changes and undo history. The next fetch
    /// reads the store again. Observers receive one batch with `invalidatedAll` and no items;
    /// fetched-results controllers must `performFetch()` again.
    public func reset() {
        committed.removeAll()
        current.removeAll()
        listCounts = nil
        committedLists = [TodoList.standard]
        currentLists = committedLists
        pendingListsBase = nil
        unsavedIDs.removeAll()
        deletedVersions.removeAll()
        pendingBase.removeAll()
        pendingOrder.removeAll()
        undoStack.removeAll()
        redoStack.removeAll()
        isLoaded = false
        storeGeneration = 0
        post(ObjectsDidChange(invalidatedAll: true))
    }
}
