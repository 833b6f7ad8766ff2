import Foundation
import Glibc
import Testing
import TodoTestSupport

/// `todo-tui sync` (the release binary) killed with SIGKILL at random moments of runs that move
/// to-dos between three lists, while a second device moves some too: once both have synced
/// cleanly, every to-do is once on each device, once on the server, in the same list everywhere.
@Suite("Moves killed at random moments", .serialized)
struct SyncMoveKillTests {
    static let lists = ["Work", "Home", "Shopping"]

    @Test("50 SIGKILLs during moves: no to-do twice, none lost, each in one list everywhere")
    func killedDuringMoves() throws {
        let binary = try ReleaseBinary.path.get()
        let server = try CalDAVTestServer(.radicale)
        defer { server.stop() }
        let client = CurlCalDAVClient(server: server)
        let urls = Self.lists.map { server.collectionURL($0.lowercased()) }
        for (url, name) in zip(urls, Self.lists) {
            try client.makeCalendar(url, name: name)
        }
        let sandbox = try SyncSandbox(server: server, executable: binary)
        let setup = try sandbox.run(["sync", "setup", server.rootURL.absoluteString, "--user", server.user])
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(try sandbox.run("a", "sync").status == 0)
        for index in 0..<30 {
            _ = try sandbox.run("a", "add", "item \(index)", "--list", Self.lists[index % 3])
        }
        #expect(try sandbox.run("a", "sync").status == 0)
        #expect(try sandbox.run("b", "sync").status == 0)

        var random = SplitMix64(seed: 0x3D0E_51C7)
        var kills = 0
        var rounds = 0
        while kills < 50, rounds < 400 {
            rounds += 1
            if rounds % 5 == 0, let id = try sandbox.items("b").keys.sorted().randomElement(using: &random) {
                let list = Self.lists[Int(random.next() % 3)]
                _ = try sandbox.run("b", "move", id, "--list", list)
                _ = try sandbox.run("b", "sync", "--yes")
            }
            if let id = try sandbox.items("a").keys.sorted().randomElement(using: &random) {
                let list = Self.lists[Int(random.next() % 3)]
                _ = try sandbox.run("a", "move", id, "--list", list)
            }
            let (process, out, err) = try sandbox.runner.start([
                "--store", sandbox.home.path("a.json"), "sync", "--yes",
            ])
            usleep(UInt32(random.next() % 150_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            _ = out.fileHandleForReading.readDataToEndOfFile()
            _ = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
        }
        #expect(kills >= 50, "\(kills) runs were killed mid-way in \(rounds) rounds")

        for store in ["a", "b", "a"] {
            let clean = try sandbox.run(store, "sync", "--yes")
            #expect(clean.status == 0, "\(store): \(clean.stdout)\(clean.stderr)")
        }
        let a = try sandbox.items("a")
        #expect(a == (try sandbox.items("b")), "both devices hold the same to-dos")
        #expect(a.count == 30 && Set(a.values).count == 30, "every to-do once: \(a.values.sorted())")
        var onServer: [String] = []
        for (url, name) in zip(urls, Self.lists) {
            let here = try Set(listed("a", name, sandbox))
            #expect(here == (try Set(listed("b", name, sandbox))), "\(name) holds the same to-dos on both devices")
            let uids = try client.uids(in: url)
            #expect(Set(uids) == here, "\(name) holds the same to-dos on the server")
            onServer += uids
        }
        #expect(onServer.count == 30 && Set(onServer).count == 30, "every to-do once on the server")
    }

    /// The ids (lower-cased) of the to-dos in the list `name` of `store`.
    private func listed(_ store: String, _ name: String, _ sandbox: SyncSandbox) throws -> [String] {
        let result = try sandbox.run(store, "list", "--list", name, "--json")
        guard let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] else {
            return []
        }
        return array.compactMap { ($0["id"] as? String)?.lowercased() }
    }
}
