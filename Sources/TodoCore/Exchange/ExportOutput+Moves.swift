import Foundation

extension ExportOutput {
    /// Removes, from each list folder `files` writes into `path`, the `.ics` files that `files`
    /// writes into another of those folders: the to-do moved between lists since an earlier
    /// export. Called after every file is written, so a crash leaves a to-do twice, never gone.
    /// - Throws: `StoreError` when a folder cannot be synced after a removal.
    /// - Complexity: O(total number of files in those folders).
    static func removeMovedCopies(of files: [ExportedFile], in path: String) throws(StoreError) {
        var folderOfFile: [Substring: Substring] = [:]
        for file in files where file.name.lowercased().hasSuffix(".ics") {
            guard let slash = file.name.lastIndex(of: "/") else { continue }
            folderOfFile[file.name[file.name.index(after: slash)...]] = file.name[..<slash]
        }
        for folder in Set(folderOfFile.values) {
            let folderPath = path + "/" + folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
            var removed = false
            for name in names {
                guard let home = folderOfFile[name[...]], home != folder else { continue }
                DurableFile.remove(folderPath + "/" + name)
                removed = true
            }
            if removed { try DurableFile.syncFolder(folderPath) }
        }
    }
}
