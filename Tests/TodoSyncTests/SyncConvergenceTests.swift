import Foundation
import Testing
import TodoCore
import TodoSync
import TodoSyncModel
import TodoTestSupport

/// Two stores as two devices through one real server (Radicale and Xandikos on loopback):
/// adds, edits, deletes and re-dates on both sides converge under every merge policy.
@Suite("Two devices through a real CalDAV server", .serialized)
struct SyncConvergenceTests {
    static let servers = CalDAVTestServer.Kind.allCases
    static let policies = MergePolicy.allCases

    /// Syncs both devices until a run changes nothing, at most four rounds.
    private func settle(_ a: SyncDevice, _ b: SyncDevice, _ policy: MergePolicy) throws {
        for _ in 0..<4 {
            let first = try a.sync(policy)
            let second = try b.sync(policy)
            if first.summary == SyncReport().summary, second.summary == SyncReport().summary { return }
        }
    }

    /// The fields a person sees, per text, for comparing devices.
    private func view(_ device: SyncDevice) throws -> [String: String] {
        try device.items().mapValues { item in
            "\(String(describing: item.date?.timeIntervalSince1970))|\(item.hasTime)|\(item.isDone)|\(item.priority)|\(Array(item.tags).sorted())|\(item.notes)"
        }
    }

    @Test("adds, edits and deletes on both sides converge", arguments: servers, policies)
    func converge(kind: CalDAVTestServer.Kind, policy: MergePolicy) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("buy milk", priority: .low)
        try a.add("call mum", day: 1)
        try a.add("old chore", day: 2)
        try b.add("write report", day: 3, tags: ["work"])
        try settle(a, b, policy)
        #expect(try Set(a.items().keys) == ["buy milk", "call mum", "old chore", "write report"])
        #expect(try view(a) == view(b))

        // Different fields on both sides, a delete on one, a re-date on the other.
        try a.edit("buy milk") { $0.notes = "oat, 2 litres" }
        try b.edit("buy milk") { $0.priority = .high }
        try a.delete("old chore")
        try b.edit("call mum") { $0.date = $0.date?.addingTimeInterval(3 * 86_400) }
        try b.add("new on b")
        try settle(a, b, policy)

        if policy == .error {
            // Only the conflict that waits differs.
            #expect(try view(a).filter { $0.key != "buy milk" } == view(b).filter { $0.key != "buy milk" })
        } else {
            #expect(try view(a) == view(b), "the devices converge under \(policy)")
        }
        #expect(try a.item("old chore") == nil && b.item("old chore") == nil)
        #expect(try a.item("new on b") != nil)
        #expect(try a.item("call mum")?.date == b.item("call mum")?.date)
        let milk = try #require(try a.item("buy milk"))
        switch policy {
        case .mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump:
            #expect(milk.notes == "oat, 2 litres" && milk.priority == .high, "both fields survive")
        case .overwrite:
            // b synced second and its whole item won: a's notes are gone, b's priority stays.
            #expect(milk.priority == .high && milk.notes.isEmpty)
        case .rollback:
            // b synced second and took the server's whole item: a's notes stay, b's priority is gone.
            #expect(milk.notes == "oat, 2 litres" && milk.priority == .low)
        case .error:
            // The conflict waits on b; b's own change never reached the server.
            #expect(try b.item("buy milk")?.priority == .high)
            #expect(milk.notes == "oat, 2 litres")
        }
        // The server holds each item once.
        #expect(try a.client.listTodos(collection).count == 4)
    }

    @Test("a field changed on both sides goes to the policy's winner", arguments: servers)
    func sameField(kind: CalDAVTestServer.Kind) throws {
        for policy in [MergePolicy.mergeByPropertyObjectTrump, .mergeByPropertyStoreTrump] {
            let (server, collection) = try makeServer(kind)
            defer { server.stop() }
            let a = try SyncDevice(server: server, collection: collection)
            let b = try SyncDevice(server: server, collection: collection)
            try a.add("plan trip")
            try settle(a, b, policy)
            try a.edit("plan trip") { $0.date = $0.date?.addingTimeInterval(86_400) }
            try b.edit("plan trip") { $0.date = $0.date?.addingTimeInterval(2 * 86_400) }
            try a.sync(policy)
            try b.sync(policy)
            try settle(a, b, policy)
            let expected = policy == .mergeByPropertyObjectTrump ? 2.0 : 1.0
            #expect(
                try a.item("plan trip")?.date
                    == Date(timeIntervalSince1970: 1_800_000_000 + expected * 86_400), "\(policy)")
            #expect(try view(a) == view(b))
        }
    }

    @Test("an edit beats a delete, whichever side deletes", arguments: servers)
    func editBeatsDelete(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("keep me")
        try a.add("and me")
        try settle(a, b, .mergeByPropertyObjectTrump)
        try a.delete("keep me")
        try b.edit("keep me") { $0.notes = "edited on b" }
        try a.sync()
        try b.sync()
        try b.delete("and me")
        try a.edit("and me") { $0.priority = .medium }
        try b.sync()
        try a.sync()
        try settle(a, b, .mergeByPropertyObjectTrump)
        #expect(try a.item("keep me")?.notes == "edited on b")
        #expect(try b.item("keep me")?.notes == "edited on b")
        #expect(try a.item("and me")?.priority == .medium)
        #expect(try b.item("and me")?.priority == .medium)
    }

    /// Xandikos lists what changed since a sync token as the difference between two snapshots of
    /// the collection, and its token names the collection's tree: a to-do one device sent after
    /// the token it stored and another device deleted before its next run is named by no listing,
    /// and with nothing else changed the token is the stored one again.
    @Test(
        "a to-do sent by one device and deleted by another before its next run is deleted there too",
        arguments: servers, [false, true])
    func deletedBeforeNextRun(kind: CalDAVTestServer.Kind, alsoAdded: Bool) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        let b = try SyncDevice(server: server, collection: collection)
        try a.add("short-lived")
        #expect(try a.sync().pushedAdded == 1)
        #expect(try b.sync().pulledAdded == 1)
        try b.delete("short-lived")
        if alsoAdded { try b.add("from b") }
        try b.sync()
        let report = try a.sync()
        #expect(try a.item("short-lived") == nil, "deleted on a too; \(report.summary)")
        #expect(try Set(a.items().keys) == Set(b.items().keys))
        #expect(try a.client.listTodos(collection).count == (alsoAdded ? 1 : 0))
        // The next runs are quiet again.
        try a.sync()
        #expect(try a.sync().remoteUnchanged)
    }

    @Test("a sync with nothing changed sends no listing and changes nothing", arguments: servers)
    func nothingChanged(kind: CalDAVTestServer.Kind) throws {
        let (server, collection) = try makeServer(kind)
        defer { server.stop() }
        let a = try SyncDevice(server: server, collection: collection)
        try a.add("one")
        try a.sync()
        // The second run learns the server's token after our own PUT; from then on nothing moves.
        try a.sync()
        let before = try Data(contentsOf: URL(fileURLWithPath: a.storePath))
        let report = try a.sync()
        #expect(report.remoteUnchanged)
        #expect(report.summary == "In sync; nothing changed.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: a.storePath)) == before)
    }
}
