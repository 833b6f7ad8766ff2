/// Why the store could not be read or written. Every case names the file.
///
/// Placeholder cases for the skeleton; the store implementation completes this enum.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case corrupt(path: String, line: Int, column: Int, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let line, let column, let reason):
            "\(path):\(line):\(column): \(reason)"
        }
    }
}
