import Foundation

/// The persistent store: one human-readable JSON file and, beside it, a journal of the saves
/// made since the file was last written whole.
///
/// Files: the store `<path>`, the journal `<path>.journal` (JSON lines, one `StoreBatch` per
/// line), the lock `<path>.lock`. The store's contents are the
/// file's items with the journal's records above the file's generation applied in order.
///
/// - `load()` reads without locking: the journal first, then the file. The file is only ever
///   replaced by an atomic rename and the journal only appended to or removed, so a reader sees
///   a consistent state at least as new as the journal it read, never a torn one. Bytes after
///   the journal's last newline (a crash mid-append) are ignored; a bad whole line is an error.
///   A missing file is an empty store (generation 0); a 0-byte file is an error.
/// - `commit(after:_:)` saves one batch: under an exclusive `flock` on `<path>.lock` it reads
///   the head of the file and the journal, gives the body the batches saved since the caller's
///   generation (or the whole store when those were compacted away), and appends the body's
///   batch to the journal with one `fsync`. When the journal outgrows `journalLimit`, the same
///   save compacts it. Of the records it does not hand over it reads only the generations at
///   their heads: a record broken after its head is reported by `load()`, `compact()` and
///   `modify(_:)`, which never write the file over it.
/// - Compacting writes the whole state into the file atomically and durably (temporary file,
///   `fsync`, rename, `fsync` of the folder), keeping the generation, then removes the journal.
///   A crash between the two leaves records the file already holds; their generations are not
///   above the file's, so they are skipped.
/// - `modify(_:)` is read-modify-write of the whole state under the lock; a change is written
///   as a compaction. A store that cannot be read makes `modify`, `commit` and `compact` throw
///   before anything is written: the store never repairs or overwrites what it cannot
///   understand.
/// - `currentGeneration()` reads only the end of the journal and the head of the file.
/// - Older format versions are read: version 1 (before notes, priority, tags, whole days and
///   foreign properties) gives its items none of those and `hasTime` by the rule the app used
///   to show times (not at the start of a day in `calendar`); version 2 (before items without a
///   date, starts and completion times) has its whole-day items' dates moved to the start of
///   their days (`StoreContents.upgradeItems(in:)`). The first save to an older file writes it
///   whole in the current version (an ordinary compaction: old file or new file, never a torn
///   one), so no current record ever goes into an older file's journal.
public final class JSONStore: TodoStore {
    /// The store file.
    public let path: String
    /// The sibling file that writers lock.
    public let lockPath: String
    /// The journal of saves not yet compacted into the store file.
    public let journalPath: String
    /// How long a writer waits for another process's lock before throwing `.lockBusy`.
    public let lockTimeout: Duration
    /// The journal size in bytes above which a save compacts the journal into the store file.
    public let journalLimit: Int
    /// The days by which an older file's items are upgraded (`StoreContents.upgradeItems(in:)`).
    public let calendar: Calendar

    /// The store file as this instance last read it whole and found valid (or wrote it), so
    /// that a save can append to the journal only on top of a file it knows to be readable.
    private var verifiedFile: StoreFileIdentity?
    /// The format version of `verifiedFile`.
    private var verifiedFileVersion = StoreError.supportedVersion

    /// How many bytes of the head `currentGeneration()` reads; the generation comes within the
    /// first 60 bytes of a file this program wrote.
    private static let headLength = 256

    /// - Parameters:
    ///   - path: the store file (see `StoreLocation.resolve`); it need not exist yet.
    ///   - lockTimeout: the longest a writer waits for the lock, in steps of 10 ms.
    ///   - journalLimit: the journal size in bytes past which a save compacts it (1 MiB: about
    ///     3,000 one-item saves, replayed at open in a few milliseconds).
    ///   - calendar: the days by which an older file's items are upgraded; the user's.
    public init(
        path: String, lockTimeout: Duration = .seconds(5), journalLimit: Int = 1 << 20, calendar: Calendar = .current
    ) {
        self.path = path
        self.lockPath = path + ".lock"
        self.journalPath = path + ".journal"
        self.lockTimeout = lockTimeout
        self.journalLimit = journalLimit
        self.calendar = calendar
    }

    /// Reads and parses the whole file and the journal, and replays the journal.
    /// - Throws: `StoreError`: any bad-data case (of the file or, naming it, the journal),
    ///   `.isDirectory`, `.permissionDenied`, `.ioFailure`.
    /// - Complexity: O(n) in the size of the file and the journal.
    public func load() throws(StoreError) -> StoreContents {
        try load(journal: readJournal())
    }

    /// The current generation: the larger of the journal's last record's (read first, so that
    /// a compaction meanwhile shows in the file) and the file's, from its first few hundred
    /// bytes when the file starts the way this program writes it; else from a full `load()`.
    /// - Throws: as `load()`, when the heads alone do not tell.
    /// - Complexity: O(1) reads of a few kilobytes for files this program wrote.
    public func currentGeneration() throws(StoreError) -> Int {
        guard let journalGeneration = try StoreJournal.lastGeneration(at: journalPath) else {
            return try load().generation
        }
        guard let head = try StoreFile.readHead(path, limit: Self.headLength) else { return journalGeneration }
        guard let fileGeneration = StoreDecoder.generation(fromHead: head) else { return try load().generation }
        return max(journalGeneration, fileGeneration)
    }

    /// Read-modify-write of the whole state under the lock; see the type's documentation.
    ///
    /// - Precondition: a body that changes the contents raises the generation.
    /// - Throws: `StoreError.cannotCreate` (folder or lock file), `.lockBusy`, any error of
    ///   `load()`, any error of writing (`.ioFailure`, `.cannotCreate` for the temporary file),
    ///   or whatever `body` throws. Nothing is written when anything throws.
    /// - Complexity: O(n) in the size of the store for the read and, when changed, the write.
    public func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result {
        try withLock {
            let original = try load()
            var contents = original
            let result = try body(&contents)
            if contents != original {
                precondition(
                    contents.generation > original.generation, "a change to the store must raise its generation")
                try writeWhole(contents)
            }
            return result
        }
    }

    /// What the store holds beyond `generation`, read without locking: the journal's batches
    /// after it, or the whole store when those were compacted away or the file is unusual.
    /// - Throws: as `load()`.
    /// - Complexity: O(j + b) for a journal of j bytes and b bytes of batches handed over;
    ///   O(n) in the store size when the whole store is handed over.
    public func changes(after generation: Int) throws(StoreError) -> StoreChanges {
        switch try read(after: generation, journal: readJournal()) {
        case .journal(let changes): changes
        case .whole(let contents): StoreChanges(after: generation, in: contents)
        }
    }

    /// Saves one batch, appending it to the journal; see the type's documentation.
    ///
    /// When the store file does not exist yet, or does not start the way this program writes
    /// it, the state is read whole and written whole instead (a first save creates the file).
    /// - Throws: as `modify(_:)`; `StoreError` naming the journal for a bad journal.
    /// - Complexity: O(j + k) for a journal of j bytes and k changed items; O(n) in the store
    ///   size when the caller's generation was compacted away, the file is unusual, or the save
    ///   compacts.
    public func commit<Result>(
        after generation: Int, _ body: (StoreChanges) throws -> (batch: StoreBatch?, result: Result)
    ) throws -> Result {
        try withLock {
            let journal = try readJournal()
            switch try read(after: generation, journal: journal) {
            case .whole(var contents):
                let (batch, result) = try body(StoreChanges(after: generation, in: contents))
                if let batch {
                    precondition(
                        batch.generation == contents.generation + 1, "a batch must raise the generation by one")
                    contents.apply([batch])
                    try writeWhole(contents)
                }
                return result
            case .journal(let changes):
                let (batch, result) = try body(changes)
                guard let batch else { return result }
                precondition(batch.generation == changes.generation + 1, "a batch must raise the generation by one")
                let record = StoreEncoder.encodeRecord(batch)
                try DurableFile.refuseSymbolicLink(path)
                try verifyFileBeforeAppending(journal: journal)
                if verifiedFileVersion < StoreError.supportedVersion {
                    // The upgrade: this save writes the file whole in the current version.
                    var contents = try load(journal: journal)
                    contents.apply([batch])
                    try writeWhole(contents)
                    return result
                }
                try DurableFile.append(journalPath, bytes: record, keeping: journal.wholeLength, modeOf: path)
                if journal.wholeLength + record.count > journalLimit {
                    // The batch is durable in the journal already, so the save has succeeded; a
                    // compaction that fails leaves a valid journal that the next save compacts.
                    try? compactUnderLock()
                }
                return result
            }
        }
    }

    /// Writes the journal's records into the store file and removes the journal, so that the
    /// file alone holds everything (what other programs read). Does nothing without a journal.
    /// The generation stays the same: readers see no change.
    /// - Throws: `StoreError`: `.lockBusy`, any error of `load()` or of writing.
    /// - Complexity: O(n) in the size of the store when there is a journal.
    public func compact() throws {
        try withLock { try compactUnderLock() }
    }

    /// `compact()` from `contents`, which the caller read from this store and saved to it, when
    /// they are what the store holds now: the journal's records are then written without
    /// reading the store file again. The store holds them when its generation is
    /// `contents.generation` and its file is the one this instance last read whole or wrote;
    /// otherwise (another writer saved meanwhile, or another program replaced the file) this
    /// reads the store as `compact()` does. Old file or new file, never a torn one, as there.
    /// - Parameter contents: the contents at `contents.generation` (a root context's committed
    ///   values when it has seen every save, `TodoContext.compactStore()`).
    /// - Throws: as `compact()`.
    /// - Complexity: O(n) in the size of the store written, plus the heads of the journal's
    ///   records; the reading of `compact()` when `contents` are not current.
    package func compact(holding contents: StoreContents) throws {
        try withLock {
            let journal = try readJournal()
            guard !journal.bytes.isEmpty || SystemCall.status(journalPath) != nil else { return }
            let generations = try journal.generations()
            guard let file = verifiedFile, verifiedFileVersion == StoreError.supportedVersion,
                StoreFileIdentity.of(path) == file,
                let head = try StoreFile.readHead(path, limit: Self.headLength),
                let fileGeneration = StoreDecoder.generation(fromHead: head)
            else {
                return try writeWhole(load(journal: journal))
            }
            _ = try journal.firstLine(after: fileGeneration, generations: generations)
            guard max(fileGeneration, generations.last ?? 0) == contents.generation else {
                return try writeWhole(load(journal: journal))
            }
            try writeWhole(contents)
        }
    }

    // MARK: Under the lock

    /// Runs `body` holding the lock, creating the folder and lock file first.
    private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
        try DurableFile.makeFolders(DurableFile.folder(of: path))
        return try StoreLock.withExclusiveLock(path: lockPath, attempts: lockAttempts, body)
    }

    /// Compacts while the caller holds the lock: writes the replayed state whole when a journal
    /// file exists (even one with only stale or torn lines, so that it goes).
    private func compactUnderLock() throws(StoreError) {
        let journal = try readJournal()
        guard !journal.bytes.isEmpty || SystemCall.status(journalPath) != nil else { return }
        try writeWhole(load(journal: journal))
    }

    /// Replaces the store file with `contents` and removes the journal, whose records the file
    /// then holds. Clears temporary files that killed writers left first.
    ///
    /// Items are written in file order (`StoreContents.inFileOrder`), whatever order they came in.
    /// - Complexity: O(n log n), O(n) when the items are nearly in order already (the usual
    ///   case: a file this program wrote plus a journal's changes).
    private func writeWhole(_ contents: StoreContents) throws(StoreError) {
        DurableFile.removeStaleTemporaryFiles(besides: path)
        try DurableFile.replace(path, with: StoreEncoder.encode(contents.inFileOrder))
        verifiedFile = StoreFileIdentity.of(path)
        verifiedFileVersion = StoreError.supportedVersion
        DurableFile.remove(journalPath)
    }

    /// Reads the store file whole, once per version of it, before a save appends to the
    /// journal on top of it: a file another program truncated, corrupted or replaced by a
    /// newer format since this instance last read it makes the save throw that file's error,
    /// instead of acknowledging a record that no reader could then load.
    /// - Complexity: O(1) (one `stat`) when the file is the one last verified; O(n) once after
    ///   another writer replaced it (another process's compaction, or another program).
    private func verifyFileBeforeAppending(journal: StoreJournal) throws(StoreError) {
        if verifiedFile == nil || StoreFileIdentity.of(path) != verifiedFile {
            _ = try load(journal: journal)
        }
    }

    // MARK: Reading

    /// How a save learns what moved: from the journal, to which it then appends; or from the
    /// whole state, when the store file is missing or does not start the way this program
    /// writes it, which it then writes whole.
    private enum Reading {
        case journal(StoreChanges)
        case whole(StoreContents)
    }

    /// What the store holds beyond `generation`, from `journal` (read before the file's head,
    /// so that a compaction meanwhile shows in the file).
    private func read(after generation: Int, journal: StoreJournal) throws(StoreError) -> Reading {
        let generations = try journal.generations()
        guard let head = try StoreFile.readHead(path, limit: Self.headLength),
            let fileGeneration = StoreDecoder.generation(fromHead: head)
        else {
            return .whole(try load(journal: journal))
        }
        // A journal that does not continue the file is refused before anything is handed over.
        _ = try journal.firstLine(after: fileGeneration, generations: generations)
        guard generation >= fileGeneration, generation <= max(fileGeneration, generations.last ?? 0) else {
            return .journal(StoreChanges(after: generation, in: try load(journal: journal)))
        }
        return .journal(.batches(try journal.batches(after: generation, generations: generations), after: generation))
    }

    /// The journal's bytes. When it cannot be read, an error of the store file (a folder that
    /// is not one, no permission) is thrown in preference: it names the file the user chose.
    func readJournal() throws(StoreError) -> StoreJournal {
        do {
            return StoreJournal(path: journalPath, bytes: try StoreFile.read(journalPath, followingLinks: false) ?? [])
        } catch {
            _ = try StoreFile.readHead(path, limit: 1)
            throw error
        }
    }

    /// The store file's contents with `journal`'s records above its generation applied.
    private func load(journal: StoreJournal) throws(StoreError) -> StoreContents {
        var contents = StoreContents()
        let before = StoreFileIdentity.of(path)
        if let bytes = try StoreFile.read(path) {
            contents = try StoreDecoder.decodeAsWritten(bytes, path: path)
            // Remembered only when the file did not change while it was read.
            if let before, before == StoreFileIdentity.of(path) {
                verifiedFile = before
                verifiedFileVersion = contents.formatVersion
            }
        }
        contents.apply(try journal.batches(after: contents.generation, generations: journal.generations()))
        // Once, after the journal: records an older program appended are of its version too.
        contents.upgradeItems(in: calendar)
        return contents
    }

    /// The lock timeout as a number of attempts `StoreLock.pollInterval` apart.
    private var lockAttempts: Int {
        max(1, Int((lockTimeout / StoreLock.pollInterval).rounded(.up)) + 1)
    }
}
