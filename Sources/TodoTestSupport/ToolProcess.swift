import Foundation

/// A command-line program a test runs as another client would (vdirsyncer, todoman).
public enum ToolProcess {
    /// Runs `executable` with `arguments`, `environment` added to this process's and standard
    /// input from `/dev/null`, and returns what it printed (standard output and error together).
    /// - Throws: `CalDAVTestServer.Failure` naming the command and its output when it exits with
    ///   a status other than 0.
    @discardableResult
    public static func output(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw CalDAVTestServer.Failure(description: "\(executable) \(arguments) failed: \(text)")
        }
        return text
    }
}
