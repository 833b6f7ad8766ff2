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
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server, executable: binary)
        try sandbox.setUpAccount(creating: "T")
        for index in 0..<40 {
            _ = try sandbox.run("a", "add", "a \(index)", "--tag", "batch")
        }
        for index in 0..<10 {
            _ = try sandbox.run("b", "add", "b \(index)")
        }
        #expect(try sandbox.run("b", "sync").status == 0)

        // A seeded generator: a failure names a sequence that can be replayed.
        var random = SplitMix64(seed: 0x5EED_51C7)
        // Every round gives the run work (a local add; every third round a server change), and
        // the kill falls anywhere in a run's first 150 ms: mid-listing, mid-fetch, mid-save, mid-push.
        var kills = 0
        var localAdds = 0
        var serverAdds = 0
        var rounds = 0
        while kills < 50, rounds < 400 {
            rounds += 1
            if rounds % 3 == 0 {
                _ = try sandbox.run("b", "add", "b extra \(rounds)")
                serverAdds += 1
                _ = try sandbox.run("b", "sync", "--yes")
            }
            _ = try sandbox.run("a", "add", "a extra \(rounds)")
            localAdds += 1
            let (process, _, _) = try sandbox.runner.start(["--store", sandbox.home.path("a.json"), "sync", "--yes"])
            usleep(UInt32(random.next() % 150_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
        }
        #expect(kills >= 50, "\(kills) runs were killed mid-way in \(rounds) rounds")

        let clean = try sandbox.run("a", "sync", "--yes")
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(try sandbox.run("b", "sync", "--yes").status == 0)
        #expect(try sandbox.run("a", "sync", "--yes").status == 0)

        let a = try sandbox.items("a")
        let b = try sandbox.items("b")
        #expect(a == b, "both devices hold the same items")
        #expect(a.count == 40 + 10 + localAdds + serverAdds, "every item made on either device, once")
        let files = try FileManager.default.contentsOfDirectory(atPath: server.storageFolder("t"))
            .filter { $0.hasSuffix(".ics") }
        #expect(files.count == a.count, "every item once on the server")
    }
}
