import Foundation
import Glibc
import Testing
import TodoTestSupport

@testable import TodoCore

/// DESIGN §5 and issue 2: a child saving in a loop is killed with SIGKILL at random moments; after
/// every kill the store loads and holds every save the child acknowledged. The child saves
/// through the journal with a small bound (issue 7), so kills land during appends, during
/// compactions and between a compaction's two steps.
@Suite("Store crash safety")
struct StoreCrashSafetyTests {
    static let kills = 100
    /// The child's journal bound: a compaction every few saves.
    static let journalLimit = 1_024
    /// Items in the store before the first child starts, so that a compaction takes long
    /// enough for many kills to land inside one.
    static let seeded = 500

    /// The built `todo-stress`, next to the test bundle in the build products folder.
    static func stressExecutable() -> String? {
        let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folders = [
            arguments0.deletingLastPathComponent(), Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        // The package's own build folder, found from this file's location.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        folders.append(packageRoot.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("todo-stress").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("SIGKILL at random moments never loses an acknowledged save or leaves a torn store")
    func killedWriter() throws {
        guard let executable = Self.stressExecutable() else {
            print("Skipped: todo-stress was not found next to the test bundle; run `swift build` first.")
            return
        }
        let folder = try TemporaryDirectory()
        let path = folder.path("store/todos.json")
        let store = JSONStore(path: path)
        var generator = SplitMix64(seed: 2_025)
        var acknowledged: [UUID] = []
        let seeds = (1...Self.seeded).map {
            TodoItem(text: "seed \($0)", date: .distantPast, createdAt: .distantPast, version: 1)
        }
        try store.modify { $0 = StoreContents(generation: seeds.count, items: seeds) }
        var killedMidWrite = 0
        var killedBetweenCompactionSteps = 0
        var largestFileGeneration = 0
        var unacknowledgedSaves = 0

        for kill in 1...Self.kills {
            let child = try ChildProcess(
                executable: executable, arguments: ["save-loop", path, "--journal-limit", "\(Self.journalLimit)"])
            try #require(child.waitForLine(), "todo-stress ended before its first save")
            usleep(UInt32.random(in: 0..<12_000, using: &generator))
            child.kill(SIGKILL)
            if try folder.entries("store").contains(where: { $0.hasPrefix(".todos.json.tmp-") }) {
                killedMidWrite += 1
            }
            let fileGeneration = try StoreDecoder.decode(#require(try StoreFile.read(path)), path: path).generation
            largestFileGeneration = max(largestFileGeneration, fileGeneration)
            let journal = StoreJournal(path: store.journalPath, bytes: try StoreFile.read(store.journalPath) ?? [])
            if let first = try journal.generations().first, first <= fileGeneration {
                killedBetweenCompactionSteps += 1
            }
            let lines = child.completeLines()
            acknowledged += try lines.map { try #require(UUID(uuidString: $0), "todo-stress printed \($0)") }

            let contents = try store.load()
            let stored = Set(contents.items.map(\.id))
            let lost = (seeds.map(\.id) + acknowledged).filter { !stored.contains($0) }
            try #require(lost.isEmpty, "after kill \(kill), \(lost.count) acknowledged saves are missing")
            #expect(contents.generation == contents.items.count)
            unacknowledgedSaves = contents.items.count - seeds.count - acknowledged.count
            #expect(unacknowledgedSaves <= kill, "more saves than one unacknowledged per kill")
        }

        // Saves compacted the journal into the file again and again.
        #expect(largestFileGeneration > Self.kills)

        // The next save clears what the killed writers left half-written.
        try store.modify { $0.generation += 1 }
        #expect(try folder.entries("store") == ["todos.json", "todos.json.lock"])
        print(
            "Crash safety: \(Self.kills) kills (\(killedMidWrite) while a temporary file existed, "
                + "\(killedBetweenCompactionSteps) between writing the compacted file and removing the journal), "
                + "\(acknowledged.count) saves acknowledged, all \(acknowledged.count) found, "
                + "\(unacknowledgedSaves) completed without acknowledgement (killed after their append, "
                + "mostly while compacting)."
        )
    }
}
