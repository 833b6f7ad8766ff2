import Foundation

/// Why the store could not be read or written. Every case names the file.
///
/// Located cases carry a 1-based line and a 1-based column counted in Unicode scalars from the
/// start of the line. Strings taken from the file (`found`, `problem`) are already quoted and
/// escaped, so a hostile file cannot put terminal escape sequences into an error message.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON: `expected` and `found` describe the first offending character.
    case invalidJSON(path: String, line: Int, column: Int, expected: String, found: String)
    /// A byte sequence that is not UTF-8 starts at this position.
    case invalidUTF8(path: String, line: Int, column: Int)
    /// Valid JSON whose shape is not the store format: a wrong type, a missing or unknown key, or
    /// a value out of range. `item` is the 1-based item number and `id` its id, when known.
    case invalidData(path: String, line: Int, column: Int, item: Int?, id: UUID?, problem: String)
    /// The file declares a format version newer than this program reads.
    case newerVersion(path: String, version: Int)
    /// The file's `format` is not `"todo-tui"`: it is some other program's JSON.
    case wrongFormat(path: String, found: String)
    /// Two items share an id; the lines are those where each item starts.
    case duplicateID(path: String, id: UUID, firstLine: Int, secondLine: Int)
    /// The file exists but holds no bytes at all.
    case emptyFile(path: String)
    /// Something other than white space follows the end of the top-level object.
    case trailingData(path: String, line: Int, column: Int)
    /// A directory stands where the store file should be.
    case isDirectory(path: String)
    /// Something other than a regular file or a directory (`kind`: "a named pipe (FIFO)", "a
    /// character device", …) stands where the store, its journal or its lock should be.
    case notRegularFile(path: String, kind: String)
    /// The operating system refused access to the file.
    case permissionDenied(path: String, operation: String)
    /// A system call failed: `operation` says what was being done, `reason` is `strerror`'s text.
    case ioFailure(path: String, operation: String, reason: String)
    /// The store path is a symbolic link: saving would replace the link with a regular file and
    /// leave its target stale, so saves through it are refused (reading through it is fine).
    case symlinkedStore(path: String)
    /// The store's folder, temporary file or lock file could not be created.
    case cannotCreate(path: String, reason: String)
    /// Another process held the lock file at `path` for longer than the wait allowed.
    case lockBusy(path: String, holderPID: Int32?)

    /// The store format version this program writes, and the newest it reads: 3 added items
    /// without a date, the start and the completion time (`StoreKey.introducedIn`).
    public static let supportedVersion = 4

    /// The kind of failure, for mapping to exit codes.
    package var category: StoreErrorCategory {
        switch self {
        case .invalidJSON, .invalidUTF8, .invalidData, .newerVersion, .wrongFormat, .duplicateID,
            .emptyFile, .trailingData:
            .badData
        case .isDirectory, .notRegularFile, .permissionDenied, .ioFailure:
            .ioError
        case .cannotCreate, .symlinkedStore:
            .cannotCreate
        case .lockBusy:
            .lockBusy
        }
    }

    public var description: String {
        switch self {
        case .invalidJSON(let path, let line, let column, let expected, let found):
            "The store \(path) is not valid JSON at line \(line), column \(column): expected \(expected), found "
                + "\(found)."
        case .invalidUTF8(let path, let line, let column):
            "The store \(path) is not valid UTF-8 at line \(line), column \(column)."
        case .invalidData(let path, let line, let column, let item, let id, let problem):
            "The store \(path) has bad data at line \(line), column \(column)\(Self.itemLabel(item, id)): \(problem)."
        case .newerVersion(let path, let version):
            "The store \(path) was written by a newer todo-tui (format version \(version)); this one reads version "
                + "\(Self.supportedVersion)."
        case .wrongFormat(let path, let found):
            "The file \(path) is not a todo-tui store: its \"format\" is \(found), not \"todo-tui\"."
        case .duplicateID(let path, let id, let firstLine, let secondLine):
            "The store \(path) lists the id \(id.uuidString) twice, at lines \(firstLine) and \(secondLine)."
        case .emptyFile(let path):
            "The store \(path) is an empty file (0 bytes), not a todo-tui store."
        case .trailingData(let path, let line, let column):
            "The store \(path) has unexpected data after the end of the JSON at line \(line), column \(column)."
        case .isDirectory(let path):
            "The store path \(path) is a directory, not a file."
        case .notRegularFile(let path, let kind):
            "The path \(path) is \(kind), not a regular file, so todo-tui will not read or write it."
        case .permissionDenied(let path, let operation):
            "Permission denied to \(operation) \(path)."
        case .ioFailure(let path, let operation, let reason):
            "Could not \(operation) \(path): \(reason)."
        case .symlinkedStore(let path):
            "The store \(path) is a symbolic link, and todo-tui does not save through links (a save would replace it "
                + "with a file); give the link's target as the store instead."
        case .cannotCreate(let path, let reason):
            "Could not create \(path): \(reason)."
        case .lockBusy(let path, let holderPID):
            "The store lock \(path) is held by \(holderPID.map { "process \($0)" } ?? "another process") and was not "
                + "released in time."
        }
    }

    /// " (item 3, id …)" for errors inside an item; empty for the top level.
    private static func itemLabel(_ item: Int?, _ id: UUID?) -> String {
        switch (item, id) {
        case (let item?, let id?): " (item \(item), id \(id.uuidString))"
        case (let item?, nil): " (item \(item))"
        case (nil, let id?): " (id \(id.uuidString))"
        case (nil, nil): ""
        }
    }

    /// A string from the file, double-quoted for a message: quotes, backslashes and control
    /// characters escaped, and cut to 40 characters so a huge value cannot flood the message.
    static func quoted(_ text: String) -> String {
        let limit = 40
        var result = "\""
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard offset < limit else {
                result += "…"
                break
            }
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.isControlCharacter: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
