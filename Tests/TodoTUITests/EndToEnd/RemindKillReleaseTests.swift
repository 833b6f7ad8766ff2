import Foundation
import Glibc
import Testing
import TodoCore
import TodoTestSupport

/// `todo-tui remind`, the release binary, killed with SIGKILL in the middle of a run: the next
/// run shows nothing twice and leaves nothing out.
@Suite("todo-tui remind killed while it records")
struct RemindKillReleaseTests {
    /// How many reminders are due at once.
    static let count = 30

    @Test("SIGKILL while a run shows 30 reminders through a slow command: the next run shows the rest, none twice")
    func killMidRun() throws {
        let binary = try ReleaseBinary.path.get()
        let base = try RemindCommandTests()
        let now = Date()
        try base.importTodos(
            (0..<Self.count).map { ("Item \($0)", RemindCommandTests.stamp(now.addingTimeInterval(-Double($0) - 10))) })
        // Each showing is noted first, then takes a while: the kill lands inside a run.
        let slow = base.home.path("slow.sh")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(base.calls)'\nsleep 0.1\n".utf8)
            .write(to: URL(fileURLWithPath: slow))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: slow)
        var release = base.cli
        release.executable = binary
        let (first, _, _) = try release.start(["remind", "--command", slow, "--store", base.store])
        var waited = 0.0
        while base.recorded().count < 8, waited < 60, first.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
            waited += 0.02
        }
        try #require(first.isRunning, "the run ended before the kill; shown: \(base.recorded().count)")
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        #expect(first.terminationReason == .uncaughtSignal)
        // A command the killed run started may still be running: let it finish.
        Thread.sleep(forTimeInterval: 0.3)
        let shownBefore = base.recorded()
        #expect(shownBefore.count < Self.count, "the kill came before the run's end")

        let second = try release.run("remind", "--command", slow, "--store", base.store)
        #expect(second.status == 0, "\(second.stderr)")
        let third = try release.run("remind", "--command", slow, "--store", base.store)
        #expect(third.status == 0 && third.stdout.isEmpty, "\(third.stdout)")
        let shown = base.recorded().map { String($0.prefix { $0 != "|" }) }
        #expect(Set(shown).count == shown.count, "none twice: \(shown)")
        // At most the one reminder recorded just before the kill and not yet shown is lost.
        #expect(shown.count >= Self.count - 1, "shown \(shown.count) of \(Self.count): \(shown)")
        let record = AlarmRecord(folder: base.home.path(".local/state/todo-tui")).read().keys
        #expect(record.count == Self.count, "every instant recorded once")
    }
}
