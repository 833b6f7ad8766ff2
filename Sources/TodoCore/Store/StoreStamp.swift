import Foundation

/// The state of a store's files as their heads and `stat` tell it, read in O(1) I/O: the key of
/// anything an application computes from the store and keeps between runs (the list's start
/// screen), which is stale as soon as the stamp differs.
///
/// Two stamps are equal only when the generation (every save raises it) and the identity of the
/// store file and of its journal (device, inode, size, modification time) are: a save appends to
/// the journal, a compaction replaces the file, and a hand edit changes its size or time.
package struct StoreStamp: Sendable, Hashable, CustomStringConvertible {
    /// The store's generation (`JSONStore.currentGeneration()`).
    package let generation: Int
    let file: StoreFileIdentity?
    let journal: StoreFileIdentity?

    /// `generation 12 file 2049:131:4096:1764000000.123456789 journal none`: one line, stable.
    package var description: String {
        "generation \(generation) file \(file?.description ?? "none") journal \(journal?.description ?? "none")"
    }
}

extension JSONStore {
    /// The stamp of the store's files now, or nil when they changed while it was read.
    /// - Throws: as `currentGeneration()`.
    /// - Complexity: four `stat` calls and the reads of `currentGeneration()`: a few kilobytes
    ///   for files this program wrote.
    package func stamp() throws(StoreError) -> StoreStamp? {
        let before = (StoreFileIdentity.of(path), StoreFileIdentity.of(journalPath))
        let generation = try currentGeneration()
        let after = (StoreFileIdentity.of(path), StoreFileIdentity.of(journalPath))
        guard before == after else { return nil }
        return StoreStamp(generation: generation, file: after.0, journal: after.1)
    }
}
