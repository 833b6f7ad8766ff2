extension ExportOutput {
    /// Writes the export to `path` atomically and durably, as the store writes itself.
    ///
    /// A file export replaces the file at `path` (a reader sees the old file or the new one,
    /// never part of one; the folder must exist, as for a shell redirection). A vdir export
    /// creates the directory (and missing parents) and replaces each `<UID>.ics` in it the same
    /// way; other files there are left alone, so exporting into a synchronised calendar folder
    /// adds and updates to-dos without deleting anyone else's.
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
                    try DurableFile.replace(path + "/" + file.name, with: file.bytes)
                }
            }
        } catch {
            throw .cannotWrite(error)
        }
    }
}
