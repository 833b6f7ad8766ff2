import Foundation
import Glibc

/// The release build of `todo-tui`, the binary people install, for end-to-end tests, with its
/// sync helper `todo-tui-sync` beside it.
///
/// `.build/release/todo-tui` is used when it and the helper are newer than every source;
/// otherwise the tests build both with `swift build -c release --scratch-path .build-release-e2e`
/// (a scratch path of its own: `swift test` holds the lock of `.build`). A build that fails is a
/// test failure, never a skip.
public enum ReleaseBinary {
    /// Why no release binary could be had.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The package's root folder (this file is `Sources/TodoTestSupport/ReleaseBinary.swift`).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The scratch path the tests build in when `.build/release` is missing or stale.
    public static let scratchPath = ".build-release-e2e"

    /// The path of an up-to-date release `todo-tui`, found or built once per test process.
    public static let path: Result<String, Failure> = locateOrBuild()

    /// The executables people install: the list, and the helper that runs its syncs.
    public static let products = ["todo-tui", "todo-tui-sync"]

    private static func locateOrBuild() -> Result<String, Failure> {
        let sources = newestSourceDate()
        for folder in [".build", scratchPath] {
            let release = packageRoot.appendingPathComponent("\(folder)/release")
            let fresh = products.allSatisfy { product in
                modificationDate(release.appendingPathComponent(product).path).map { $0 >= sources } ?? false
            }
            if fresh { return .success(release.appendingPathComponent("todo-tui").path) }
        }
        for product in products {
            if case .failure(let failure) = build(product) { return .failure(failure) }
        }
        return .success(packageRoot.appendingPathComponent("\(scratchPath)/release/todo-tui").path)
    }

    /// Builds `product` in release mode in the scratch path.
    private static func build(_ product: String) -> Result<Void, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", "release", "--product", product, "--scratch-path", scratchPath]
        process.currentDirectoryURL = packageRoot
        // The log lives in the scratch folder, which git ignores (`.build-*/`).
        let scratch = packageRoot.appendingPathComponent(scratchPath)
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let log = scratch.appendingPathComponent("build.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        guard let handle = try? FileHandle(forWritingTo: log) else {
            return .failure(Failure(description: "cannot write the build log \(log.path)"))
        }
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "swift build could not start: \(error)"))
        }
        process.waitUntilExit()
        let built = packageRoot.appendingPathComponent("\(scratchPath)/release/\(product)").path
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: built) else {
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return .failure(
                Failure(
                    description:
                        "swift build -c release --product \(product) failed (\(process.terminationStatus)):\n"
                        + "\(output.suffix(4000))"
                ))
        }
        return .success(())
    }

    /// The newest modification date of `Package.swift` and every file under `Sources`.
    private static func newestSourceDate() -> Date {
        var newest = modificationDate(packageRoot.appendingPathComponent("Package.swift").path) ?? .distantPast
        let sources = packageRoot.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(
            at: sources, includingPropertiesForKeys: [.contentModificationDateKey])
        while let file = files?.nextObject() as? URL {
            if let date = modificationDate(file.path), date > newest {
                newest = date
            }
        }
        return newest
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
