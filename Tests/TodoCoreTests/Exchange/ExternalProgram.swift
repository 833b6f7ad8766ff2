import Foundation

/// Runs the real programs that read our exports (taskwarrior, calcurse, todoman, todo.txt,
/// Python), each in a private temporary directory so that no test touches a person's data.
struct ExternalProgram {
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    let path: String

    /// The program called `name` on `PATH`, or `nil` when it is not installed.
    init?(_ name: String) {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard
            let directory = directories.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") })
        else {
            return nil
        }
        path = "\(directory)/\(name)"
    }

    /// The system Python when it can import `module` (Debian's python3-icalendar installs there).
    static func python(withModule module: String) -> ExternalProgram? {
        let python = ExternalProgram(absolutePath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path),
            let result = try? python.run(["-c", "import \(module)"]), result.status == 0
        else { return nil }
        return python
    }

    private init(absolutePath: String) {
        path = absolutePath
    }

    /// Runs the program to completion with `arguments`, extra `environment` and standard input.
    /// Output goes to files rather than pipes, so a chatty program cannot block on a full pipe.
    func run(_ arguments: [String], environment: [String: String] = [:], input: [UInt8] = []) throws -> Result {
        try Self.withTemporaryDirectory { directory in
            let paths = ["in", "out", "err"].map { "\(directory)/\($0)" }
            for (path, bytes) in zip(paths, [input, [], []]) {
                try Self.write(bytes, to: path)
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            process.standardInput = FileHandle(forReadingAtPath: paths[0])
            process.standardOutput = FileHandle(forWritingAtPath: paths[1])
            process.standardError = FileHandle(forWritingAtPath: paths[2])
            try process.run()
            process.waitUntilExit()
            let text = { (path: String) in
                String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            }
            return Result(status: process.terminationStatus, output: text(paths[1]), error: text(paths[2]))
        }
    }

    /// A fresh temporary directory, removed after `body`.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("todo-tui-export-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
