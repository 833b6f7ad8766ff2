import Foundation

/// Runs a built executable of this package and captures what it did.
struct CommandRunner {
    /// What a finished process left behind.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The build products folder: the test bundle lives there beside the executables.
    static var productsDirectory: URL { Bundle.main.bundleURL }

    /// The path of the built executable named `name`.
    static func executable(_ name: String) -> String {
        productsDirectory.appendingPathComponent(name).path
    }

    var executable: String
    var environment: [String: String]

    /// A runner for `todo-tui` whose environment points every default location into `home`
    /// (the configuration file too, so a developer's own is never read) and whose time locale
    /// is C, so that weeks start on Monday and clocks have 24 hours unless a test says otherwise.
    static func todoTUI(home: URL) -> CommandRunner {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = home.appendingPathComponent("cache").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        environment["TODO_TUI_STORE"] = nil
        environment["TODO_TUI_CONFIG"] = nil
        environment["TODO_TUI_SYNC_INTERVAL"] = nil
        environment["TODO_TUI_NO_ANIMATION"] = nil
        environment["LC_ALL"] = nil
        environment["LC_TIME"] = "C.UTF-8"
        return CommandRunner(executable: executable("todo-tui"), environment: environment)
    }

    /// Starts the process without waiting; stdout and stderr go to pipes the caller reads,
    /// stdin reads the file at `inputPath` (nothing when nil).
    func start(_ arguments: [String], inputPath: String? = nil) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let inputPath {
            guard let input = FileHandle(forReadingAtPath: inputPath) else {
                throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: inputPath])
            }
            process.standardInput = input
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return (process, out, err)
    }

    /// Runs to completion and returns the status and output.
    func run(_ arguments: String...) throws -> Result {
        try run(arguments)
    }

    /// Runs to completion with stdin reading the file at `inputPath` (nothing when nil).
    func run(_ arguments: [String], inputPath: String? = nil) throws -> Result {
        let (process, out, err) = try start(arguments, inputPath: inputPath)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self)
        )
    }
}
