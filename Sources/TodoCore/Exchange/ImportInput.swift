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

    /// Reads a file, or the `.ics` files of a directory in name order (other entries are ignored,
    /// as vdir readers do: a vdir may hold metadata files such as `color` and `displayname`).
    ///
    /// - Parameters:
    ///   - path: a file or directory path; `-` is not special here (the caller reads stdin).
    ///   - maximumFileSize: the most bytes a file may hold (`ImportInput.maximumFileSize`;
    ///     smaller in tests).
    /// - Throws: `ExchangeError.unreadable` naming the path and the reason, also for a file over
    ///   the bound.
    /// - Complexity: O(total size) plus O(f log f) for f directory entries.
    public static func read(path: String, maximumFileSize: Int = maximumFileSize) throws(ExchangeError) -> ImportInput {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path: path, reason: "no such file or directory")
        }
        guard isDirectory.boolValue else {
            return .file(name: path, bytes: try contents(of: path, maximumFileSize: maximumFileSize))
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: "the directory cannot be listed")
        }
        var files: [ExportedFile] = []
        for name in names.sorted() where name.lowercased().hasSuffix(".ics") {
            let filePath = (path as NSString).appendingPathComponent(name)
            files.append(ExportedFile(name: name, bytes: try contents(of: filePath, maximumFileSize: maximumFileSize)))
        }
        return .directory(name: path, files: files)
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
