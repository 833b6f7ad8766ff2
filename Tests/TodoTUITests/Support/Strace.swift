import Foundation

/// strace, for tests that inject system call failures into a real binary.
enum Strace {
    static let path = "/usr/bin/strace"

    /// Whether strace can trace a child here (it needs ptrace, which a sandbox may refuse).
    static let works: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-f", "-o", "/dev/null", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
}
