import Foundation
import Glibc

/// The sync state beside a store: `<store>.sync.json`, written whole by `DurableFile` (the
/// store's crash rule: the old file or the new one, never a torn one), mode 0600; and `<store>.sync.lock`, an advisory `flock` held for a whole run, so two syncs of
/// one store never interleave. The kernel drops the lock when its holder dies, so a killed run
/// never blocks the next.
public struct SyncStateFile: Sendable {
    public let path: String
    public let lockPath: String

    /// The state file of the store at `storePath`.
    public init(storePath: String) {
        path = storePath + ".sync.json"
        lockPath = storePath + ".sync.lock"
    }

    /// The state, or nil when this store never synced.
    /// - Throws: `SyncError.stateFile` for a file that cannot be read or is not a state this
    ///   version understands.
    public func load() throws(SyncError) -> SyncState? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let state = try JSONDecoder().decode(SyncState.self, from: data)
            guard state.version <= SyncState.currentVersion else {
                throw SyncError.stateFile(
                    path: path, reason: "it was written by a newer todo-tui (format \(state.version))")
            }
            return state
        } catch let error as SyncError {
            throw error
        } catch {
            throw .stateFile(
                path: path, reason: "it is not a sync state todo-tui can read (\(error.localizedDescription))")
        }
    }

    /// Replaces the state file with `state`, durably.
    /// - Throws: `SyncError.stateFile`; the old file is then intact.
    public func save(_ state: SyncState) throws(SyncError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(state)
        } catch {
            throw .stateFile(path: path, reason: error.localizedDescription)
        }
        if let reason = DurableFile.replace(path, with: data) {
            throw .stateFile(path: path, reason: reason)
        }
    }

    /// Runs `body` holding the run lock.
    /// - Throws: `SyncError.alreadyRunning` when another run holds it; whatever `body` throws.
    public func withRunLock<Result>(_ body: () throws(SyncError) -> Result) throws(SyncError) -> Result {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw failure("open \(lockPath)") }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { throw .alreadyRunning(path: lockPath) }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private func failure(_ operation: String) -> SyncError {
        .stateFile(path: path, reason: "could not \(operation): \(String(cString: strerror(errno)))")
    }
}
