import Foundation
import Glibc
import Testing
import TodoTestSupport

/// `todo-tui sync` (the release binary) killed with SIGKILL at random moments, while another
/// device keeps changing the collection: a clean run afterwards leaves both devices equal,
/// every item once on the server, nothing lost.
@Suite("Sync killed at random moments", .serialized)
struct SyncKillTests {
    @Test("50 SIGKILLs, then a clean run: no duplicate, nothing lost")
    func killedAtRandom() throws {
        let binary = try ReleaseBinary.path.get()
        let server = try CalDAVTestServer(.radicale)
        let sandbox = try SyncSandbox(server: server, executable: binary)
        let setup = try sandbox.run([
            "sync", "setup", server.rootURL.absoluteString, "--user", "alice", "--create", "T",
        ])
        try #require(setup.status == 0, "\(setup.stderr)")
        for index in 0..<40 {
            _ = try sandbox.run("a", "add", "a \(index)", "--tag", "batch")
        }
        for index in 0..<10 {
            _ = try sandbox.run("b", "add", "b \(index)")
        }
        #expect(try sandbox.run("b", "sync").status == 0)

        // A seeded generator: a failure names a sequence that can be replayed.
        var random = SplitMix64(seed: 0x5EED_51C7)
        var kills = 0
        for round in 0..<50 {
            if round % 5 == 0 {
                // The other device moves on meanwhile, so runs meet new server changes.
                _ = try sandbox.run("b", "add", "b extra \(round)")
                _ = try sandbox.run("b", "sync", "--yes")
            }
            if round % 7 == 3 {
                _ = try sandbox.run("a", "add", "a extra \(round)")
            }
            let (process, _, _) = try sandbox.runner.start(["--store", sandbox.home.path("a.json"), "sync", "--yes"])
            usleep(UInt32(random.next() % 900_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
        }
        #expect(kills >= 40, "most runs were killed mid-way (\(kills))")

        let clean = try sandbox.run("a", "sync", "--yes")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(try sandbox.run("b", "sync", "--yes").status == 0)
        #expect(try sandbox.run("a", "sync", "--yes").status == 0)

        let a = try sandbox.items("a")
        let b = try sandbox.items("b")
        #expect(a == b, "both devices hold the same items")
        #expect(a.count == 40 + 10 + 10 + 7, "every item made on either device, once")
        let files = try FileManager.default.contentsOfDirectory(atPath: server.storageFolder("t"))
            .filter { $0.hasSuffix(".ics") }
        #expect(files.count == a.count, "every item once on the server")
    }
}
