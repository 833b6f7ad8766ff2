import Foundation
import Testing

/// A short run of every fuzz target (`Fuzz/build`, libFuzzer with AddressSanitizer) over its
/// seed corpus and a few thousand mutations, so that the targets keep building and a crash the
/// seeds reach fails the suite. The long runs are documented in docs/development.md.
@Suite("Fuzz targets, smoke run")
struct FuzzSmokeTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `executable` with `arguments` in the package root; returns its status and output.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test("the fuzz binary builds, and each target runs its corpus and 2,000 mutations without a finding")
    func smoke() throws {
        let build = try Self.run(Self.packageRoot.appendingPathComponent("Fuzz/build").path, [])
        try #require(build.status == 0, "Fuzz/build failed:\n\(build.output.suffix(3_000))")
        for target in ["store", "journal", "import", "filter", "icalendar", "multistatus"] {
            let corpus = Self.packageRoot.appendingPathComponent("Fuzz/corpus/\(target)").path
            // libFuzzer adds new inputs to the first folder it is given: a scratch one, so the
            // committed seeds stay as they are.
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "todo-fuzz-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            let result = try Self.run(
                Self.packageRoot.appendingPathComponent(".build-fuzz/todo-fuzz").path,
                ["-runs=2000", "-seed=1", scratch.path, corpus],
                // FoundationXML leaks the errors of every malformed document (see Fuzz/build).
                environment: ["FUZZ_TARGET": target].merging(
                    target == "multistatus" ? ["ASAN_OPTIONS": "detect_leaks=0"] : [:]
                ) { $1 }
            )
            #expect(result.status == 0, "target \(target):\n\(result.output.suffix(3_000))")
            #expect(result.output.contains("Done 2000 runs"), "target \(target):\n\(result.output.suffix(1_000))")
        }
    }
}
