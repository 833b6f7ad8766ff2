import Foundation
import Testing
import TodoSyncModel
import TodoTestSupport

/// `todo-tui sync` against a server playing hostile or broken (`FakeCalDAVServer`, faults no
/// real server shows), with a second listener as another origin that must receive nothing:
/// hrefs outside the collection, setup answers elsewhere, 10,000 nested blocks, an oversized
/// item, endless answers, 412 on every PUT, a newline in a name, and the folders the helper must
/// not leave behind.
@Suite("todo-tui sync against a hostile server", .serialized)
struct SyncHostileServerTests {
    /// Fails the test when a request went outside the collection or to the other origin.
    private func expectNoStrayRequest(_ sandbox: FakeServerSandbox, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sandbox.strayRequests.isEmpty, "\(sandbox.strayRequests)", sourceLocation: sourceLocation)
        #expect(
            sandbox.server.log.allSatisfy { $0.hasSuffix("(with credentials)") },
            "every request to the origin carries the credentials, and no other does", sourceLocation: sourceLocation)
    }

    @Test("hrefs outside the collection or on another origin are never fetched, written or deleted")
    func hrefsOutsideTheCollection() throws {
        let sandbox = try FakeServerSandbox()
        try sandbox.writeAccount()
        let other = "http://127.0.0.1:\(sandbox.otherOrigin.port)/evil/y.ics"
        sandbox.server.store(FakeCalDAVServer.todo(uid: "in-1", summary: "inside"), at: "/cal/in-1.ics")
        sandbox.server.configure {
            $0.extraMembers = ["/other/x.ics": "\"o1\"", other: "\"o2\"", "/cal/%2e%2e/other/z.ics": "\"o3\""]
        }
        let first = try sandbox.run("a", "sync")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Synced: from the server: 1 added; 3 outside the collection, left alone ("))
        #expect(first.stdout.contains(other) && first.stdout.contains("/other/x.ics"), "\(first.stdout)")
        #expect(try sandbox.items("a").keys.sorted() == ["inside"])

        // A state file written by a version that trusted those hrefs: an edit, a delete and a new
        // item after it must not reach them either.
        #expect(try sandbox.run("a", "add", "edited here").status == 0)
        #expect(try sandbox.run("a", "add", "deleted here").status == 0)
        let items = try sandbox.items("a")
        let edited = try #require(items["edited here"]?["id"] as? String)
        let deleted = try #require(items["deleted here"]?["id"] as? String)
        try Self.addRecords(
            [(edited, sandbox.server.rootURL.absoluteString + "other/x.ics"), (deleted, other)],
            toStateOf: sandbox.storePath("a"))
        #expect(try sandbox.run("a", "edit", edited, "--note", "changed").status == 0)
        #expect(try sandbox.run("a", "delete", deleted).status == 0)
        #expect(try sandbox.run("a", "add", "new here").status == 0)
        let second = try sandbox.run("a", "sync")
        #expect(second.status == 75, "\(second.stdout)\(second.stderr)")
        #expect(second.stderr.contains("to the server: 1 added"), "\(second.stderr)")
        #expect(second.stderr.contains("2 local changes not sent to the server"), "\(second.stderr)")
        #expect(second.stderr.contains("outside the collection"), "\(second.stderr)")
        #expect(sandbox.server.paths.count == 2, "the new item went into the collection: \(sandbox.server.paths)")
        #expect(try sandbox.items("a")["edited here"] != nil, "nothing local is lost")
        expectNoStrayRequest(sandbox)
    }

    /// Adds records at `hrefs` for the items `ids` (version 1, unchanged) to the store's state.
    private static func addRecords(_ records: [(id: String, href: String)], toStateOf store: String) throws {
        let file = SyncStateFile(storePath: store)
        var state = try #require(try file.load())
        for record in records {
            state.records.append(
                SyncRecord(
                    id: try #require(UUID(uuidString: record.id)), href: record.href, etag: "\"old\"", localVersion: 1,
                    base: String(decoding: FakeCalDAVServer.todo(uid: record.id, summary: "x"), as: UTF8.self)))
        }
        try file.save(state)
    }

    @Test("setup refuses a calendar or a home on another origin (76) and plain http elsewhere (64)")
    func setupElsewhere() throws {
        let sandbox = try FakeServerSandbox()
        let elsewhere = "http://127.0.0.1:\(sandbox.otherOrigin.port)/cal/"
        let setup = ["sync", "setup", sandbox.server.rootURL.absoluteString, "--user", FakeCalDAVServer.user]

        sandbox.server.configure {
            $0.listsOwnCalendar = false
            $0.otherCalendars = [elsewhere]
        }
        let calendar = try sandbox.run(setup)
        #expect(calendar.status == 76, "\(calendar.stdout)\(calendar.stderr)")
        #expect(calendar.stderr.contains("pointed the sync to \(elsewhere), which is on another server"))
        #expect(calendar.stderr.contains("todo-tui sync setup \(elsewhere)"), "\(calendar.stderr)")

        sandbox.server.configure { $0.otherCalendars = ["http://192.0.2.1/cal/"] }
        let insecure = try sandbox.run(setup)
        #expect(insecure.status == 64, "\(insecure.stderr)")
        #expect(insecure.stderr.contains("http://192.0.2.1/cal/ uses plain http to another machine"))

        sandbox.server.configure {
            $0.answer = { request in
                guard request.method == "PROPFIND", request.target == "/principal/" else { return nil }
                return .init(
                    status: 207,
                    text: #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:response>"#
                        + "<d:href>/principal/</d:href><d:propstat><d:prop><c:calendar-home-set><d:href>"
                        + "\(elsewhere)</d:href></c:calendar-home-set></d:prop>"
                        + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>")
            }
        }
        let home = try sandbox.run(setup)
        #expect(home.status == 76 && home.stderr.contains(elsewhere), "\(home.stderr)")

        #expect(!FileManager.default.fileExists(atPath: sandbox.accountPath), "no account was saved")
        #expect(sandbox.otherOrigin.log.isEmpty, "\(sandbox.otherOrigin.log)")
        for result in [calendar, insecure, home] {
            #expect(result.stderr.split(separator: "\n").count == 1, "one sentence: \(result.stderr)")
        }
    }

    @Test("an account naming a calendar on another server than its own, as setup once saved one, sends nothing there")
    func accountElsewhere() throws {
        let sandbox = try FakeServerSandbox()
        try FileManager.default.createDirectory(
            atPath: sandbox.home.path("config/todo-tui"), withIntermediateDirectories: true)
        let elsewhere = "http://127.0.0.1:\(sandbox.otherOrigin.port)/cal/"
        try """
        {"server": "\(sandbox.server.rootURL.absoluteString)", "user": "alice", "collection": "\(elsewhere)", \
        "allowInsecure": false, "passwordCommand": "touch \(sandbox.home.path("asked"))"}
        """.write(toFile: sandbox.accountPath, atomically: true, encoding: .utf8)
        let result = try sandbox.run("a", "sync")
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains("pointed the sync to \(elsewhere), which is on another server"))
        #expect(sandbox.otherOrigin.log.isEmpty && sandbox.server.log.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("asked")), "no password was asked for")
    }

    @Test("10,000 nested blocks: unreadable, left alone, memory bounded; the rest syncs both ways")
    func nestedBlocks() throws {
        let sandbox = try FakeServerSandbox()
        try sandbox.writeAccount()
        let nested = (0..<10_000).map { _ in "BEGIN:X" } + (0..<10_000).map { _ in "END:X" }
        sandbox.server.store(
            FakeCalDAVServer.todo(uid: "deep", summary: "deep", extra: nested), at: "/cal/deep.ics")
        for index in 0..<3 {
            sandbox.server.store(
                FakeCalDAVServer.todo(uid: "n\(index)", summary: "normal \(index)"), at: "/cal/n\(index).ics")
        }
        #expect(try sandbox.run("a", "add", "from here").status == 0)
        // The binary people install, whose helper is measured.
        let binary = try ReleaseBinary.path.get()
        let first = try PeakMemory.run(
            binary, ["--store", sandbox.storePath("a"), "sync"], environment: sandbox.runner.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout
                == "Synced: from the server: 3 added; to the server: 1 added; 1 unreadable on the server, left alone.\n"
        )
        // The sync process and its helper at their largest: a few tens of MiB with the bounds,
        // gigabytes with a quadratic reader.
        print("10,000 nested blocks: peak resident memory of todo-tui sync and its helper \(first.peakKiB) KiB")
        #expect(first.peakKiB < 200 * 1024, "\(first.peakKiB) KiB")

        let id = try #require(try sandbox.items("a")["normal 1"]?["id"] as? String)
        #expect(try sandbox.run("a", "edit", id, "--note", "edited here").status == 0)
        let second = try PeakMemory.run(
            binary, ["--store", sandbox.storePath("a"), "sync"], environment: sandbox.runner.environment)
        #expect(second.status == 0 && second.stdout.contains("to the server: 1 changed"), "\(second.stdout)")
        #expect(second.peakKiB < 200 * 1024, "\(second.peakKiB) KiB")
        #expect(
            sandbox.server.item(at: "/cal/deep.ics")?.count
                == FakeCalDAVServer.todo(
                    uid: "deep", summary: "deep", extra: nested
                ).count, "the unreadable item is left as it was")
        expectNoStrayRequest(sandbox)
    }

    @Test("an item over every bound among normal ones: left alone, and the others sync both ways, every run")
    func oversizedItem() throws {
        let sandbox = try FakeServerSandbox()
        try sandbox.writeAccount()
        // 40 MiB: its multiget answer passes the 32 MiB a listing may take, so the batch is split.
        let padding = "X-PAD:" + String(repeating: "a", count: 40 << 20)
        sandbox.server.store(FakeCalDAVServer.todo(uid: "big", summary: "big", extra: [padding]), at: "/cal/big.ics")
        for index in 0..<3 {
            sandbox.server.store(
                FakeCalDAVServer.todo(uid: "n\(index)", summary: "normal \(index)"), at: "/cal/n\(index).ics")
        }
        #expect(try sandbox.run("a", "add", "from here").status == 0)
        let first = try PeakMemory.run(
            CommandRunner.executable("todo-tui"), ["--store", sandbox.storePath("a"), "sync"],
            environment: sandbox.runner.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout
                == "Synced: from the server: 3 added; to the server: 1 added; 1 unreadable on the server, left alone.\n"
        )
        #expect(first.peakKiB < 300 * 1024, "\(first.peakKiB) KiB")

        let id = try #require(try sandbox.items("a")["normal 2"]?["id"] as? String)
        #expect(try sandbox.run("a", "edit", id, "--note", "edited here").status == 0)
        sandbox.server.store(FakeCalDAVServer.todo(uid: "n3", summary: "normal 3"), at: "/cal/n3.ics")
        let second = try sandbox.run("a", "sync")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("from the server: 1 added; to the server: 1 changed"), "\(second.stdout)")
        #expect(try sandbox.items("a").count == 5)
        expectNoStrayRequest(sandbox)
    }

    @Test("an answer over 32 MiB stops the run in one sentence, with or without its length, memory bounded")
    func endlessAnswer() throws {
        for withoutLength in [false, true] {
            let sandbox = try FakeServerSandbox()
            try sandbox.writeAccount()
            sandbox.server.configure {
                $0.answer = { request in
                    guard request.method == "REPORT" else { return nil }
                    let head = #"<d:multistatus xmlns:d="DAV:"><d:response><d:href>/cal/a.ics</d:href>"#
                    return withoutLength
                        ? .init(status: 207, body: Data(head.utf8), endlessBytes: 50 << 20)
                        : .init(status: 207, text: head + String(repeating: " ", count: 50 << 20))
                }
            }
            let result = try PeakMemory.run(
                CommandRunner.executable("todo-tui"), ["--store", sandbox.storePath("a"), "sync"],
                environment: sandbox.runner.environment)
            #expect(result.status == 76, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "todo-tui: REPORT \(sandbox.server.collectionURL.absoluteString) was answered with more than "
                        + "32 MiB, the most the sync reads of one answer"), "\(result.stderr)")
            #expect(result.peakKiB < 200 * 1024, "\(result.peakKiB) KiB")
        }
    }

    @Test("a server answering 412 or 403 to every PUT: exit 75, and a sentence counting what did not go up")
    func refusedPuts() throws {
        for (status, reason) in [(412, "the server answered 4 PUTs with 412"), (403, "refused it with HTTP 403")] {
            let sandbox = try FakeServerSandbox()
            try sandbox.writeAccount()
            sandbox.server.configure { $0.putStatus = status }
            #expect(try sandbox.run("a", "add", "stays here").status == 0)
            let result = try sandbox.run("a", "sync")
            #expect(result.status == 75, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.hasPrefix(
                    "todo-tui: Not all synced: 1 local change not sent to the server ('stays here': "),
                "\(result.stderr)")
            #expect(result.stderr.contains(reason) && result.stderr.contains("the next sync tries again"))
            #expect(sandbox.server.paths.isEmpty)
            sandbox.server.configure { $0.putStatus = nil }
            let again = try sandbox.run("a", "sync")
            #expect(again.status == 0 && again.stdout == "Synced: to the server: 1 added.\n", "it goes up next time")
        }
    }

    @Test("text from the server is one inert line on a pipe, and errors say what the server did in words")
    func serverText() throws {
        let sandbox = try FakeServerSandbox()
        // A line break, and CSI as one C1 byte (XML cannot carry ESC): either would act on a terminal.
        sandbox.server.configure { $0.displayName = "Tasks\nFAKE-LINE: all good\u{9B}31m" }
        let setup = try sandbox.run([
            "sync", "setup", sandbox.server.rootURL.absoluteString, "--user", FakeCalDAVServer.user,
        ])
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(setup.stdout.split(separator: "\n").count == 1, "\(setup.stdout)")
        #expect(!setup.stdout.contains("\nFAKE-LINE") && !setup.stdout.contains("\u{9B}"))
        #expect(setup.stdout.contains("'Tasks\u{240A}FAKE-LINE: all good\u{FFFD}31m'"), "\(setup.stdout)")

        // Cut short; and an element name that is not UTF-8, which FoundationXML would trap on.
        var malformed: [CommandRunner.Result] = []
        for body in [
            Data("<d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>".utf8), Data([0x3C, 0x61, 0xFF, 0x2F, 0x3E]),
        ] {
            sandbox.server.configure {
                $0.answer = { request in
                    request.method == "PROPFIND" && request.target == FakeCalDAVServer.collectionPath
                        ? .init(status: 207, body: body) : nil
                }
            }
            let result = try sandbox.run("a", "sync")
            #expect(result.status == 76, "\(result.stderr)")
            #expect(result.stderr.contains("answered with XML the sync cannot read: the answer"), "\(result.stderr)")
            malformed.append(result)
        }
        for result in [setup] + malformed {
            #expect(!(result.stdout + result.stderr).contains("Domain"), "\(result.stdout)\(result.stderr)")
        }
    }

    @Test("setup and sync create no cache or data folder")
    func noLitter() throws {
        let sandbox = try FakeServerSandbox()
        let setup = try sandbox.run([
            "sync", "setup", sandbox.server.rootURL.absoluteString, "--user", FakeCalDAVServer.user,
        ])
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(try sandbox.run("a", "add", "one").status == 0)
        #expect(try sandbox.run("a", "sync").status == 0)
        for folder in ["cache", "data"] {
            let path = sandbox.home.path(folder)
            let found = FileManager.default.enumerator(atPath: path).map { Array($0.compactMap { $0 as? String }) }
            #expect(!FileManager.default.fileExists(atPath: path), "\(folder): \(found ?? [])")
        }
        #expect(try sandbox.home.entries().allSatisfy { $0.hasPrefix("a.json") || $0 == "config" })
    }
}
