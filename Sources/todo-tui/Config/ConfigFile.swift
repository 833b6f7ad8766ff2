import Foundation
import Glibc

/// Reads a configuration file's bytes, refusing at once what is not a small regular file: a
/// directory, a FIFO (opened without waiting for a writer, so that nothing blocks), a device or
/// socket, a file that cannot be read, or one over `sizeLimit`.
enum ConfigFile {
    /// The largest configuration file read: far beyond any real one (every setting with its
    /// comments is a few kilobytes), small enough that a wrong file costs nothing to refuse.
    static let sizeLimit = 1 << 20

    /// The bytes of the file at `location`, or nil when it is the default location and nothing
    /// is there.
    /// - Throws: `ConfigError` at `1:1` of the file for any other problem, in one sentence.
    /// - Complexity: O(size of the file), at most `sizeLimit` bytes read.
    static func read(_ location: ConfigLocation) throws(ConfigError) -> [UInt8]? {
        let path = location.path
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT, !location.isNamed { return nil }
            throw ConfigError(path: path, message: openFailure(code, location: location))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ConfigError(path: path, message: "The configuration file cannot be read: \(reason(errno)).")
        }
        if let kind = kind(of: status.st_mode) {
            throw ConfigError(
                path: path, message: "This is \(kind), not a configuration file; todo-tui reads only a regular file.")
        }
        guard Int(status.st_size) <= sizeLimit else { throw tooLarge(path, size: Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= sizeLimit else { throw tooLarge(path, size: count) }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, sizeLimit + 1 - count))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw ConfigError(path: path, message: "The configuration file cannot be read: \(reason(errno)).")
            }
            if got == 0 { break }
            count += got
        }
        guard count <= sizeLimit else { throw tooLarge(path, size: count) }
        return Array(bytes[..<count])
    }

    private static func openFailure(_ code: Int32, location: ConfigLocation) -> String {
        switch code {
        case ENOENT:
            "There is no configuration file here (\(location.originDescription)); `todo-tui config defaults` prints "
                + "one to start from."
        case EACCES:
            "The configuration file cannot be read: permission denied; make it readable (chmod u+r) or name another "
                + "with --config."
        default:
            "The configuration file cannot be opened: \(reason(code))."
        }
    }

    /// What a file that is not a regular one is, as a sentence names it; nil for a regular file.
    private static func kind(of mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }

    private static func tooLarge(_ path: String, size: Int) -> ConfigError {
        ConfigError(
            path: path,
            message:
                "The file is \(CountFormat.grouped(size)) bytes or more; a configuration file may hold at most "
                + "\(CountFormat.grouped(sizeLimit)) bytes, so this is not one.")
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
