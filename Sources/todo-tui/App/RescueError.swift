import Foundation

/// Why the list could not be written to the file the user named with `W`: one sentence, and the
/// editor stays open to name another.
enum RescueError: Error, Equatable, CustomStringConvertible {
    /// The path is empty.
    case noPath
    /// Something already exists at the path; it is never overwritten.
    case exists(path: String)
    /// The file could not be created or written.
    case cannotWrite(path: String, reason: String)

    var description: String {
        switch self {
        case .noPath:
            "Type the path of a new file to write the list to."
        case .exists(let path):
            "\(path) already exists; name a new file, nothing is overwritten."
        case .cannotWrite(let path, let reason):
            "Could not write \(path): \(reason)."
        }
    }
}
