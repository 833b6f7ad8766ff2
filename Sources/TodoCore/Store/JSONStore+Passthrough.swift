import Foundation

extension JSONStore {
    /// The JSON export of the whole store taken straight from the store file, when that is
    /// possible; nil when not, and then the caller exports as usual.
    ///
    /// When it is not nil, it is byte for byte what
    /// `ExportFormat.json.export(try context.fetch(request), …)` gives on a context of this
    /// store: it applies when the store is compacted (no journal, or one without a whole line,
    /// which `load()` ignores), `request` takes every item (predicate `.all`, no limit or offset)
    /// and sorts by date only, and the file is recognised by `CanonicalStoreReader` (valid,
    /// version 2, in the encoder's spelling, items in `request`'s order). Then the export is the
    /// file's bytes with the generation set to the one `StoreContents(items:)` gives, made
    /// without decoding one item. A store file this program wrote whole is such a file: it lists
    /// its items in `StoreContents.fileOrder`, the default request's.
    ///
    /// Never throws: anything it cannot read (a missing, unreadable or broken file or journal) is
    /// a nil, so that the normal path reports the same error it always has.
    /// - Complexity: O(n) in the size of the file, plus hashing each id once.
    package func passthroughJSONExport(for request: FetchRequest) -> [UInt8]? {
        guard request.predicate == .all, request.fetchLimit == 0, request.fetchOffset == 0 else { return nil }
        // Read as `load()` reads: the journal first, then the file.
        do {
            let journal = try StoreFile.read(journalPath, followingLinks: false) ?? []
            guard StoreJournal(path: journalPath, bytes: journal).lines.isEmpty,
                let file = try StoreFile.read(path)
            else { return nil }
            return CanonicalStoreReader.export(of: file, order: request)
        } catch {
            return nil
        }
    }
}
