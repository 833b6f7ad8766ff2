extension ExportOutput {
    /// Writes the export to `path` atomically and durably, as the store writes itself.
    ///
    /// A file export replaces the file at `path` (a reader sees the old file or the new one,
    /// never part of one; the folder must exist, as for a shell redirection). A vdir export
    /// creates the directory (and missing parents, and a folder per list) and replaces each
    /// `<UID>.ics` and metadata file in it the same way; other files there are left alone, so
    /// exporting into a synchronised calendar folder adds and updates to-dos without deleting
    /// anyone else's — but for a to-do moved to another list since the last export: its file in
    /// the folder of another list this export writes is removed once the new one is written
    /// (`removeMovedCopies`), so todoman does not see it twice.
    ///
    /// - Throws: `ExchangeError.cannotWrite` with the store's message naming the path and reason.
    /// - Complexity: O(total size) plus two `fsync`s per file.
    public func write(to path: String) throws(ExchangeError) {
        do {
            switch self {
            case .file(let bytes):
                try DurableFile.replace(path, with: bytes)
            case .directory(let files):
                try DurableFile.makeFolders(path)
                for file in files {
                    if let slash = file.name.lastIndex(of: "/") {
                        try DurableFile.makeFolders(path + "/" + file.name[..<slash])
                    }
                    try DurableFile.replace(path + "/" + file.name, with: file.bytes)
                }
                try Self.removeMovedCopies(of: files, in: path)
            }
        } catch {
            throw .cannotWrite(error)
        }
    }
}
