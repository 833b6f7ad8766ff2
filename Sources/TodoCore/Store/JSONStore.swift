/// The persistent store: one human-readable JSON file (DESIGN §3.2).
///
/// - `load()` reads without locking: saves replace the file by an atomic rename, so a reader
///   sees the old or the new file, never a torn one. A missing file is an empty store
///   (generation 0); a 0-byte file is an error, never taken for an empty store.
/// - `modify(_:)` holds an exclusive `flock` on `<path>.lock`, re-reads the file under it, runs
///   the body and, if the body returned normally and changed the contents, replaces the file
///   atomically and durably. The folder is created on the first save. A file that cannot be
///   read makes `modify` throw before the body runs, and the file is left byte for byte as it
///   was: the store never repairs or overwrites what it cannot understand.
/// - `currentGeneration()` reads only the head of the file.
public final class JSONStore: TodoStore {
    /// The store file.
    public let path: String
    /// The sibling file that `modify(_:)` locks.
    public let lockPath: String
    /// How long `modify(_:)` waits for another process's lock before throwing `.lockBusy`.
    public let lockTimeout: Duration

    /// How many bytes of the head `currentGeneration()` reads; the generation comes within the
    /// first 60 bytes of a file this program wrote.
    private static let headLength = 256

    /// - Parameters:
    ///   - path: the store file (see `StoreLocation.resolve`); it need not exist yet.
    ///   - lockTimeout: the longest `modify(_:)` waits for the lock, in steps of 10 ms.
    public init(path: String, lockTimeout: Duration = .seconds(5)) {
        self.path = path
        self.lockPath = path + ".lock"
        self.lockTimeout = lockTimeout
    }

    /// Reads and parses the whole file.
    /// - Throws: `StoreError`: any bad-data case, `.isDirectory`, `.permissionDenied`, `.ioFailure`.
    /// - Complexity: O(n) in the size of the file.
    public func load() throws(StoreError) -> StoreContents {
        guard let bytes = try StoreFile.read(path) else { return StoreContents() }
        return try StoreDecoder.decode(bytes, path: path)
    }

    /// The generation on disk, from the first few hundred bytes when the file starts the way
    /// this program writes it, else from a full `load()`.
    /// - Throws: as `load()`, when the head alone does not tell.
    public func currentGeneration() throws(StoreError) -> Int {
        guard let head = try StoreFile.readHead(path, limit: Self.headLength) else { return 0 }
        if let generation = StoreDecoder.generation(fromHead: head) { return generation }
        return try load().generation
    }

    /// Read-modify-write under the lock; see the type's documentation for the contract.
    ///
    /// - Throws: `StoreError.cannotCreate` (folder or lock file), `.lockBusy`, any error of
    ///   `load()`, any error of writing (`.ioFailure`, `.cannotCreate` for the temporary file),
    ///   or whatever `body` throws. Nothing is written when anything throws.
    /// - Complexity: O(n) in the size of the store for the read and, when changed, the write.
    public func modify<Result>(_ body: (inout StoreContents) throws -> Result) throws -> Result {
        try StoreFile.makeFolders(StoreFile.folder(of: path))
        return try StoreLock.withExclusiveLock(path: lockPath, attempts: lockAttempts) {
            StoreFile.removeStaleTemporaryFiles(besides: path)
            let original = try load()
            var contents = original
            let result = try body(&contents)
            if contents != original {
                try StoreFile.replace(path, with: StoreEncoder.encode(contents))
            }
            return result
        }
    }

    /// The lock timeout as a number of attempts `StoreLock.pollInterval` apart.
    private var lockAttempts: Int {
        max(1, Int((lockTimeout / StoreLock.pollInterval).rounded(.up)) + 1)
    }
}
