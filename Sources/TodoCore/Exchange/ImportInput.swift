import Foundation

/// What an import reads: one file's bytes, or the `.ics` files of a directory (`vdir`).
///
/// The name is used to detect the format from its extension and in error messages.
public enum ImportInput: Sendable, Hashable {
    case file(name: String, bytes: [UInt8])
    case directory(name: String, files: [ExportedFile])

    /// The file or directory name given when the input was made.
    public var name: String {
        switch self {
        case .file(let name, _), .directory(let name, _): name
        }
    }

    /// The most bytes one import file may hold: 128 MiB, several times the largest list a person
    /// keeps (a 100,000-item store is 27 MB). Parsing holds a few copies of the input, so a
    /// bound keeps a stray or hostile file (a 1 GB CSV) from exhausting memory; it is checked
    /// before the file is read in full.
    public static let maximumFileSize = 128 << 20

    /// Reads a file, or a directory (a vdir): its `.ics` files and its metadata files `displayname`
    /// and `color`, then those of each subfolder (a list, as todoman's `~/.calendars/*`) as
    /// `folder/name`, in name order. Other entries are ignored, as vdir readers do, and so are
    /// hidden folders (`.git`) and folders deeper down.
    ///
    /// - Parameters:
    ///   - path: a file or directory path; `-` is not special here (the caller reads stdin).
    ///   - maximumFileSize: the most bytes a file may hold (`ImportInput.maximumFileSize`;
    ///     smaller in tests).
    /// - Throws: `ExchangeError.unreadable` naming the path and the reason, also for a file over
    ///   the bound.
    /// - Complexity: O(total size) plus O(f log f) for f directory entries.
    public static func read(path: String, maximumFileSize: Int = maximumFileSize) throws(ExchangeError) -> ImportInput {
        guard let folder = isDirectory(path) else {
            throw .unreadable(path: path, reason: "no such file or directory")
        }
        guard folder else {
            return .file(name: path, bytes: try contents(of: path, maximumFileSize: maximumFileSize))
        }
        var files: [ExportedFile] = []
        var folders: [String] = []
        for name in try entries(of: path) {
            let entryPath = (path as NSString).appendingPathComponent(name)
            if isVdirFile(name) {
                files.append(
                    ExportedFile(name: name, bytes: try contents(of: entryPath, maximumFileSize: maximumFileSize)))
            } else if !name.hasPrefix("."), isDirectory(entryPath) == true {
                folders.append(name)
            }
        }
        for folder in folders {
            let folderPath = (path as NSString).appendingPathComponent(folder)
            for name in try entries(of: folderPath) where isVdirFile(name) {
                let filePath = (folderPath as NSString).appendingPathComponent(name)
                files.append(
                    ExportedFile(
                        name: folder + "/" + name, bytes: try contents(of: filePath, maximumFileSize: maximumFileSize)))
            }
        }
        return .directory(name: path, files: files)
    }

    /// Whether `path` is a directory; nil when nothing is there.
    private static func isDirectory(_ path: String) -> Bool? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        return isDirectory.boolValue
    }

    /// The names in a directory, sorted.
    private static func entries(of path: String) throws(ExchangeError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path).sorted()
        } catch {
            throw .unreadable(path: path, reason: "the directory cannot be listed")
        }
    }

    /// An `.ics` file or a vdir metadata file (`VdirFolders`).
    private static func isVdirFile(_ name: String) -> Bool {
        name.lowercased().hasSuffix(".ics") || name == VdirFolders.nameFile || name == VdirFolders.colorFile
    }

    private static func contents(of path: String, maximumFileSize: Int) throws(ExchangeError) -> [UInt8] {
        // Read as the store is, so a FIFO or a device such as /dev/zero is refused before a
        // byte is read instead of hanging or reading until memory runs out.
        let bytes: [UInt8]?
        do {
            bytes = try StoreFile.readHead(path, limit: maximumFileSize + 1)
        } catch .notRegularFile(_, let kind) {
            throw .unreadable(path: path, reason: "it is \(kind), not a regular file")
        } catch {
            throw .unreadable(path: path, reason: "the file cannot be read")
        }
        guard let bytes else { throw .unreadable(path: path, reason: "no such file or directory") }
        guard bytes.count <= maximumFileSize else {
            throw .unreadable(
                path: path, reason: "it is larger than \(ByteCount.phrase(maximumFileSize)), the most one import reads")
        }
        return bytes
    }
}
