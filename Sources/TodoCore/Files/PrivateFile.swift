import Foundation

/// Files an application keeps beside its store — caches of what it computed from it — written
/// and read by the store's own rules: new folders 0700 and new files 0600, never through a
/// symbolic link, replaced atomically (a reader sees the old file or the new one), and read
/// without waiting on a FIFO or reading a directory.
public enum PrivateFile {
    /// Replaces the file at `path` with `bytes`, creating its folders.
    /// - Throws: `StoreError` (`.cannotCreate`, `.ioFailure`, `.isDirectory`, a symbolic link).
    /// - Complexity: O(n) in the size of `bytes`, plus two `fsync`s.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(StoreError) {
        try StoreFile.makeFolders(StoreFile.folder(of: path))
        try StoreFile.replace(path, with: bytes)
    }

    /// At most the first `limit` bytes of the file at `path`, or nil when nothing is there.
    /// - Throws: `StoreError` when something unreadable is there.
    /// - Complexity: O(limit).
    public static func read(_ path: String, limit: Int) throws(StoreError) -> [UInt8]? {
        try StoreFile.readHead(path, limit: limit)
    }

    /// Removes the file at `path`; nothing there is already removed.
    public static func remove(_ path: String) {
        unlink(path)
    }
}
