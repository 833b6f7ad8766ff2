import Foundation

/// Runs a program to its end and says the most memory it held, as GNU time (`/usr/bin/time`,
/// Debian's `time`) reports it: the `ru_maxrss` of the program and the children it waited for
/// (so `todo-tui sync` counts its helper).
///
/// Not the test process's own `wait4`: a child started by the test (`posix_spawn` shares the
/// parent's memory until `exec`) inherits the test process's high-water mark in its
/// `ru_maxrss`, which says more about the test than about the program. GNU time forks from a
/// process of a megabyte or two.
public enum PeakMemory {
    /// How the program ended.
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// The largest resident set of the process or a child it waited for, in KiB.
        public var peakKiB: Int
    }

    /// GNU time.
    public static let time = "/usr/bin/time"

    /// Runs `executable` with `arguments` and `environment`, stdin from `/dev/null`.
    /// - Throws: `CalDAVTestServer.Failure` when it cannot start or GNU time reports nothing.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws
        -> Result
    {
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: time)
        process.arguments = ["--format=%M", "--output=\(folder.path("peak"))", executable] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: folder.path("stdout"), contents: nil)
        _ = FileManager.default.createFile(atPath: folder.path("stderr"), contents: nil)
        let stdout = try FileHandle(forWritingTo: folder.url.appendingPathComponent("stdout"))
        let stderr = try FileHandle(forWritingTo: folder.url.appendingPathComponent("stderr"))
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        try stdout.close()
        try stderr.close()
        let read = { (name: String) in (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? "" }
        // With a non-zero status, GNU time writes "Command exited with non-zero status N" first.
        guard let peak = read("peak").split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw CalDAVTestServer.Failure(description: "\(time) reported no peak: \(read("peak"))")
        }
        return Result(
            status: process.terminationStatus, stdout: read("stdout"), stderr: read("stderr"), peakKiB: peak)
    }
}
