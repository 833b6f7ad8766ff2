import Foundation
import Glibc
import Testing
import TodoSyncModel
import TodoTestSupport

/// A process saving the sync state round after round (`todo-stress state-save-loop`) is killed
/// with SIGKILL at random moments: after every kill the state loads as the last round it
/// acknowledged or the one after, never a mix, and the next process carries on from it.
@Suite("The sync state killed mid-save", .serialized)
struct SyncStateKillTests {
    static let kills = 40
    /// Records in the loop's state (`StateSaveLoop.recordCount`).
    static let recordCount = 64

    /// The built `todo-stress`, beside the test bundle or in the package's debug build.
    static func stressExecutable() -> String? {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return [
            bundle.deletingLastPathComponent(), Bundle.main.bundleURL.deletingLastPathComponent(),
            packageRoot.appendingPathComponent(".build/debug"),
        ]
        .map { $0.appendingPathComponent("todo-stress").path }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("SIGKILL at random moments leaves the last acknowledged state or the next, and the next run goes on")
    func killedSaver() throws {
        let executable = try #require(Self.stressExecutable(), "build todo-stress first (`swift build`)")
        let folder = try TemporaryDirectory()
        let file = SyncStateFile(storePath: folder.path("todos.json"))
        var generator = SplitMix64(seed: 0x5747_E10C)
        var tornTails = 0
        var killedWritingWhole = 0
        var largest = 0
        for kill in 1...Self.kills {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["state-save-loop", folder.path("todos.json")]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // Its first line: the state it starts from is loaded (or made), and the loop begins.
            var printed = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            usleep(UInt32(generator.next() % 20_000))
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? output.fileHandleForWriting.close()
            printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            // A last line without its newline was never finished.
            let acknowledged = printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .compactMap { Int($0) }.last
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
            if bytes.last != UInt8(ascii: "\n") { tornTails += 1 }
            // A temporary file left: killed while writing the state whole (the next whole write
            // removes it).
            if try folder.entries().contains(where: { $0.hasPrefix(".todos.json.sync.json.tmp-") }) {
                killedWritingWhole += 1
            }

            let state = try #require(try file.load(), "after kill \(kill)")
            let round = try #require(Int(state.collections.first?.marker?.syncToken ?? ""), "after kill \(kill)")
            if let acknowledged {
                #expect(round == acknowledged || round == acknowledged + 1, "after kill \(kill)")
            }
            #expect(file.loadHeader() == state.header, "after kill \(kill)")
            // Every record as the rounds up to `round` left it, and no other.
            #expect(state.records.count == Self.recordCount, "after kill \(kill)")
            for (index, record) in state.records.enumerated() {
                let last = round - ((round - index) % Self.recordCount + Self.recordCount) % Self.recordCount
                let expected = last > 0 ? last : 0
                #expect(record.localVersion == expected, "record \(index) after kill \(kill) at round \(round)")
                #expect(record.base.hasPrefix("round \(expected) "), "record \(index) after kill \(kill)")
            }
            largest = max(largest, round)
        }
        #expect(largest > Self.kills, "the loops saved more than once a run")
        #expect(try folder.entries().filter { $0.contains(".tmp-") }.count <= 1, "whole writes clear what kills left")
        print(
            "State crash safety: \(Self.kills) kills, \(tornTails) left a torn append, \(killedWritingWhole) came "
                + "while the state was written whole, \(largest) rounds saved")
    }
}
