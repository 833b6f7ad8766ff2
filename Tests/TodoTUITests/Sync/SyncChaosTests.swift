import Foundation
import Glibc
import Testing
import TodoTestSupport

/// Three devices (`todo-tui`, the release binary) and a phone (`curl` against the server) change
/// one collection of a real server at random, while syncs are killed with SIGKILL mid-run (the
/// command, or its helper): once everyone has synced cleanly, the devices agree, no to-do is on
/// the server twice, and none that nobody deleted is lost. Sized for CI; a failure names its
/// seed, and `TODO_TUI_CHAOS_SEED=<seed>` replays it.
@Suite("Sync chaos: three devices, a phone and SIGKILLs", .serialized)
struct SyncChaosTests {
    /// Random steps per server.
    static let steps = 150

    @Test("no to-do lost or duplicated", arguments: CalDAVTestServer.Kind.allCases)
    func chaos(kind: CalDAVTestServer.Kind) throws {
        let seed =
            ProcessInfo.processInfo.environment["TODO_TUI_CHAOS_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64.max)
        do {
            try Chaos(kind: kind, seed: seed).run()
        } catch {
            Issue.record("seed \(seed) (TODO_TUI_CHAOS_SEED=\(seed)): \(error)")
        }
    }
}

/// One chaos run: the steps, then the clean syncs and the checks.
private struct Chaos {
    let kind: CalDAVTestServer.Kind
    let seed: UInt64

    private static let devices = ["a", "b", "c"]

    func run() throws {
        var random = SplitMix64(seed: seed)
        let server = try CalDAVTestServer(kind)
        defer { server.stop() }
        let sandbox = try SyncSandbox(server: server, executable: try ReleaseBinary.path.get())
        try sandbox.setUpAccount(creating: "T")
        let phone = Phone(server: server, collection: server.collectionURL("t"))
        // Texts no one deleted: each must be there once at the end.
        var kept: Set<String> = []
        var kills = 0
        for step in 0..<SyncChaosTests.steps {
            let device = Self.devices[Int(random.next() % 3)]
            switch random.next() % 12 {
            case 0...2:
                let text = "\(device) \(step)"
                try require(try sandbox.run(device, "add", text).status == 0, "add \(text)")
                kept.insert(text)
            case 3:
                let own = try sandbox.items(device).filter {
                    $0.value.hasPrefix("\(device) ") && kept.contains($0.value)
                }
                if let item = own.sorted(by: { $0.key < $1.key }).randomElement(using: &random) {
                    try require(try sandbox.run(device, "delete", item.key).status == 0, "delete \(item.value)")
                    kept.remove(item.value)
                }
            case 4:
                if let id = try sandbox.items(device).keys.sorted().randomElement(using: &random) {
                    _ = try sandbox.run(device, "edit", id, "--note", "note \(step)")
                }
            case 5...8:
                if try killedSync(device, sandbox: sandbox, random: &random) { kills += 1 }
            case 9:
                let text = "phone \(step)"
                try phone.add(text, name: "phone-\(step).ics")
                kept.insert(text)
            default:
                try phone.change(step: step, random: &random, kept: &kept)
            }
        }
        // Everyone syncs cleanly, twice round, so every change has reached every device.
        for _ in 0..<2 {
            for device in Self.devices {
                let result = try sandbox.run(device, "sync", "--yes")
                try require(result.status == 0, "clean sync of \(device): \(result.stdout)\(result.stderr)")
            }
        }
        let lists = try Self.devices.map { try sandbox.items($0) }
        let texts = lists[0].values.sorted()
        #expect(lists[1] == lists[0] && lists[2] == lists[0], "the devices agree; seed \(seed)")
        #expect(Set(texts).count == texts.count, "no to-do twice: \(texts); seed \(seed)")
        #expect(kept.isSubset(of: Set(texts)), "lost: \(kept.subtracting(texts).sorted()); seed \(seed)")
        let names = try phone.names()
        #expect(names.count == texts.count, "every to-do once on the server: \(names.count); seed \(seed)")
        #expect(kills > 0, "some syncs were killed mid-run; seed \(seed)")
    }

    /// Starts a sync of `device` and kills it (or its helper) at a random moment of its first
    /// 150 ms; true when it was still running then.
    private func killedSync(
        _ device: String, sandbox: SyncSandbox, random: inout SplitMix64
    ) throws -> Bool {
        let (process, out, err) = try sandbox.runner.start([
            "--store", sandbox.home.path(device + ".json"), "sync", "--yes",
        ])
        usleep(UInt32(random.next() % 150_000))
        var killed = false
        if process.isRunning {
            let target = random.next() % 2 == 0 ? ProcessTree.children(of: process.processIdentifier).first : nil
            kill(target ?? process.processIdentifier, SIGKILL)
            killed = true
        }
        _ = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return killed
    }

    private func require(_ condition: Bool, _ what: String) throws {
        guard condition else { throw CalDAVTestServer.Failure(description: what) }
    }
}

/// The phone: another CalDAV client writing with `curl`, as DAVx5 would: new items under names
/// of its own, notes edited with `If-Match`, its own items deleted.
private struct Phone {
    let server: CalDAVTestServer
    let collection: URL

    /// `curl` with the account's credentials; the answer's status, headers and body.
    private func curl(_ arguments: [String]) throws -> (status: Int, headers: String, body: String) {
        let folder = try TemporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments =
            ["-s", "-u", "\(server.user):\(server.password)", "-D", folder.path("headers"), "-o", folder.path("body")]
            + ["-w", "%{http_code}"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let read = { (name: String) in (try? String(contentsOfFile: folder.path(name), encoding: .utf8)) ?? "" }
        return (Int(status) ?? 0, read("headers"), read("body"))
    }

    /// PUTs a new to-do `text` as `name`.
    func add(_ text: String, name: String) throws {
        let body = String(
            decoding: FakeCalDAVServer.todo(uid: "phone-" + UUID().uuidString, summary: text), as: UTF8.self)
        let answer = try put(name, body, headers: ["If-None-Match: *"])
        guard (200..<300).contains(answer) else {
            throw CalDAVTestServer.Failure(description: "the phone's PUT of \(name) was answered \(answer)")
        }
    }

    /// The names of the collection's items, as a PROPFIND lists them.
    func names() throws -> [String] {
        let listing = try curl(["-X", "PROPFIND", "-H", "Depth: 1", collection.absoluteString])
        return listing.body.components(separatedBy: "href>").compactMap { part -> String? in
            guard let end = part.firstIndex(of: "<") else { return nil }
            let href = String(part[..<end])
            return href.hasSuffix(".ics") ? String(href.split(separator: "/").last ?? "") : nil
        }.sorted()
    }

    /// Edits the notes of a random item on the server, or deletes one of the phone's own.
    func change(step: Int, random: inout SplitMix64, kept: inout Set<String>) throws {
        guard let name = try names().randomElement(using: &random) else { return }
        let url = collection.appendingPathComponent(name).absoluteString
        let current = try curl([url])
        guard current.status == 200,
            let etag = current.headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("etag:") })?
                .dropFirst(5).trimmingCharacters(in: .whitespaces),
            let summary = current.body.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("SUMMARY:") })
        else { return }
        let text = String(summary.dropFirst("SUMMARY:".count))
        if name.hasPrefix("phone-"), random.next() % 2 == 0 {
            let deleted = try curl(["-X", "DELETE", "-H", "If-Match: \(etag)", url])
            if (200..<300).contains(deleted.status) { kept.remove(text) }
            return
        }
        // Unfolded lines without the notes, then the phone's notes before END:VTODO.
        let lines = current.body.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
            .filter { !$0.hasPrefix("DESCRIPTION") && !$0.isEmpty }
        var edited: [String] = []
        for line in lines {
            if line == "END:VTODO" { edited.append("DESCRIPTION:phone note \(step)") }
            edited.append(line)
        }
        // A 412 (a device wrote first) is a race the phone loses, as a phone would.
        _ = try put(name, edited.joined(separator: "\r\n") + "\r\n", headers: ["If-Match: \(etag)"])
    }

    private func put(_ name: String, _ body: String, headers: [String]) throws -> Int {
        let folder = try TemporaryDirectory()
        try body.write(toFile: folder.path("item.ics"), atomically: true, encoding: .utf8)
        let url = collection.appendingPathComponent(name).absoluteString
        return try curl(
            [
                "-X", "PUT", "-H", "Content-Type: text/calendar; charset=utf-8", "--data-binary",
                "@" + folder.path("item.ics"),
            ]
                + headers.flatMap { ["-H", $0] } + [url]
        ).status
    }
}
