import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `todo-tui remind` end to end with a recording command: once across runs, processes and
/// machines; missed ones marked; the placeholder never; no desktop session; `--watch`.
@Suite("todo-tui remind")
struct RemindCommandTests: CLISandboxSuite {
    let sandbox: CLISandbox
    /// Where the recording command appends `text|due|state` lines.
    let calls: String
    let recorder: String

    init() throws {
        var sandbox = try CLISandbox()
        sandbox.cli.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        sandbox.cli.environment["XDG_RUNTIME_DIR"] = nil
        sandbox.cli.environment["XDG_STATE_HOME"] = nil
        self.sandbox = sandbox
        calls = sandbox.home.path("calls")
        recorder = sandbox.home.path("record.sh")
        try Data("#!/bin/sh\nprintf '%s|%s|%s\\n' \"$1\" \"$2\" \"$3\" >> '\(calls)'\n".utf8)
            .write(to: URL(fileURLWithPath: recorder))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: recorder)
    }

    static func stamp(_ date: Date) -> String {
        TodoAlarm.utcStamp(date)
    }

    /// Imports one VTODO per `(summary, trigger)` with an absolute DISPLAY alarm at `trigger`
    /// (a literal trigger value, e.g. Apple's placeholder).
    func importTodos(_ todos: [(String, String)], into store: String? = nil) throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        for (index, (summary, trigger)) in todos.enumerated() {
            lines += [
                "BEGIN:VTODO", "UID:remind-\(summary.hashValue)-\(index)", "SUMMARY:" + summary, "BEGIN:VALARM",
                "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;VALUE=DATE-TIME:" + trigger, "END:VALARM",
                "END:VTODO",
            ]
        }
        lines += ["END:VCALENDAR", ""]
        let file = home.path("in-\(UUID().uuidString).ics")
        try Data(lines.joined(separator: "\r\n").utf8).write(to: URL(fileURLWithPath: file))
        let imported = try cli.run("import", file, "--store", store ?? self.store)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    func recorded() -> [String] {
        (try? String(contentsOfFile: calls, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    var firedFile: String { home.path(".local/state/todo-tui/fired") }

    @Test("a due alarm fires once across two runs, a late one once marked missed, Apple's placeholder never")
    func firesOnce() throws {
        let now = Date()
        try importTodos([
            ("On time", Self.stamp(now.addingTimeInterval(-30))), ("Late", Self.stamp(now.addingTimeInterval(-3_600))),
            ("Location", TodoAlarm.placeholderTrigger), ("Later", Self.stamp(now.addingTimeInterval(3_600))),
        ])
        let first = try cli.run("remind", "--command", recorder, "--store", store)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try cli.run("remind", "--command", recorder, "--store", store)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(recorded().sorted() == ["Late||missed", "On time||due"])
        #expect(first.stdout.contains("Reminded (missed) 'Late'") && second.stdout.isEmpty)
    }

    @Test("a second device's record placed beside this one (after a file sync) keeps its alarms from firing here")
    func secondDevice() throws {
        try importTodos([("Shared", Self.stamp(Date().addingTimeInterval(-30)))])
        let laptop = try CLISandbox()
        var other = laptop.cli
        other.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        other.environment["XDG_STATE_HOME"] = nil
        let otherCalls = laptop.home.path("calls")
        let otherRecorder = laptop.home.path("record.sh")
        try Data("#!/bin/sh\necho \"$1\" >> '\(otherCalls)'\n".utf8).write(to: URL(fileURLWithPath: otherRecorder))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: otherRecorder)
        // The laptop syncs the same to-do (same UID) and fires it.
        try FileManager.default.copyItem(atPath: store, toPath: laptop.store)
        #expect(try other.run("remind", "--command", otherRecorder, "--store", laptop.store).status == 0)
        #expect((try? String(contentsOfFile: otherCalls, encoding: .utf8)) == "Shared\n")
        // Its record arrives here under another name, as a file-sync tool leaves it.
        let folder = home.path(".local/state/todo-tui")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: laptop.home.path(".local/state/todo-tui/fired"), toPath: folder + "/fired.laptop")
        #expect(try cli.run("remind", "--command", recorder, "--store", store).status == 0)
        #expect(recorded().isEmpty)
    }

    @Test("a record torn by a kill in the middle of writing is not a record: the next run fires once and mends it")
    func tornRecord() throws {
        try importTodos([("Torn", Self.stamp(Date().addingTimeInterval(-30)))])
        let id = try #require(try JSONStore(path: store).load().items.first?.id)
        let folder = home.path(".local/state/todo-tui")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // What a SIGKILL between write and fsync can leave: the start of the line, no newline.
        try Data("\(id.uuidString.lowercased()) 17".utf8).write(to: URL(fileURLWithPath: firedFile))
        #expect(try cli.run("remind", "--command", recorder, "--store", store).status == 0)
        #expect(try cli.run("remind", "--command", recorder, "--store", store).status == 0)
        #expect(recorded() == ["Torn||due"])
        let lines = try String(contentsOfFile: firedFile, encoding: .utf8)
        #expect(lines.hasPrefix(id.uuidString.lowercased() + " ") && lines.hasSuffix("\n"))
        #expect(lines.split(separator: "\n").count == 1, "\(lines)")
    }

    @Test("two remind processes at once show each of 40 alarms exactly once")
    func twoAtOnce() throws {
        let now = Date()
        try importTodos((0..<40).map { ("Item \($0)", Self.stamp(now.addingTimeInterval(-Double($0) - 10))) })
        let a = try cli.start(["remind", "--command", recorder, "--store", store])
        let b = try cli.start(["remind", "--command", recorder, "--store", store])
        a.0.waitUntilExit()
        b.0.waitUntilExit()
        #expect(a.0.terminationStatus == 0 && b.0.terminationStatus == 0)
        let shown = recorded()
        #expect(shown.count == 40 && Set(shown).count == 40, "\(shown.count) shown")
    }

    @Test("without a session bus and without --command: one sentence, exit 69, nothing recorded")
    func noSession() throws {
        try importTodos([("Nowhere", Self.stamp(Date().addingTimeInterval(-30)))])
        let result = try cli.run("remind", "--store", store)
        #expect(result.status == 69)
        #expect(result.stderr.contains("no desktop session") && result.stderr.contains("--command"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: firedFile))
        #expect(try cli.run("remind", "--command", recorder, "--store", store).status == 0)
        #expect(recorded() == ["Nowhere||due"])
    }

    @Test(
        "notify-send on a session bus without a notification service says so in one sentence",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send"),
            "dbus-daemon or notify-send is not installed"))
    func notifySendWithoutService() throws {
        try importTodos([("Bus", Self.stamp(Date().addingTimeInterval(-30)))])
        // A session bus of the test's own, with no notification service on it, started in the
        // foreground (a forking daemon leaves its first process for Foundation to reap, which it
        // did not) and stopped by its process id; its address goes to a file.
        let printed = home.path("bus")
        FileManager.default.createFile(atPath: printed, contents: nil)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        daemon.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: printed))
        try daemon.run()
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        var address: String?
        for _ in 0..<100 where address == nil {
            address = (try? String(contentsOfFile: printed, encoding: .utf8))?.split(separator: "\n")
                .first { $0.contains("=") }.map(String.init)
            if address == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let bus = try #require(address, "dbus-daemon printed no address")
        var runner = cli
        runner.environment["DBUS_SESSION_BUS_ADDRESS"] = bus
        let result = try runner.run("remind", "--store", store)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("notify-send could not show 'Bus'"), "\(result.stderr)")
    }

    @Test("--watch wakes for an alarm another process adds after it started")
    func watchWakes() throws {
        let watcher = try cli.start(["remind", "--watch", "--command", recorder, "--store", store])
        defer {
            watcher.0.terminate()
            watcher.0.waitUntilExit()
        }
        // Let it start and go to sleep with nothing to wait for.
        Thread.sleep(forTimeInterval: 1)
        try importTodos([("Soon", Self.stamp(Date().addingTimeInterval(3)))])
        var waited = 0.0
        while recorded().isEmpty && waited < 60 && watcher.0.isRunning {
            Thread.sleep(forTimeInterval: 0.2)
            waited += 0.2
        }
        #expect(recorded() == ["Soon||due"])
    }
}
