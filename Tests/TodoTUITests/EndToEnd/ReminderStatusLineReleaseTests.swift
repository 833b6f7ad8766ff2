import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// The release binary in a real terminal: a reminder that comes due while the list is open shows
/// on its status line, B dismisses it on the to-do, and `todo-tui remind` does not show it again.
@Suite(
    "Reminders on the status line of the release binary",
    .enabled(if: TmuxSession.executable != nil, "tmux is not installed")
)
struct ReminderStatusLineReleaseTests {
    @Test("an alarm due 3 s after the list opened shows on its status line; B dismisses it; remind then shows nothing")
    func firesAndDismisses() throws {
        let binary = try ReleaseBinary.path.get()
        let base = try RemindCommandTests()
        try base.importTodos([("Stretch", RemindCommandTests.stamp(Date().addingTimeInterval(3)))])
        var command = TmuxSession.todoTUICommand(["--store", base.store], home: base.home)
        let debug = TmuxSession.shellQuoted(CommandRunner.executable("todo-tui"))
        command[command.count - 1] = command[command.count - 1].replacingOccurrences(
            of: debug, with: TmuxSession.shellQuoted(binary))
        // The record where `remind` below looks for it, whatever the test runner's environment says.
        if let shell = command.firstIndex(of: "sh") {
            command.insert("XDG_STATE_HOME=" + base.home.path(".local/state"), at: shell)
        }
        let session = try TmuxSession(command: command, columns: 100, rows: 12, scratch: base.home.url.path)
        defer { session.kill() }
        var (lines, matched) = try session.waitForPane(timeout: .seconds(10)) {
            $0.contains { $0.hasSuffix("Stretch ◔") }
        }
        try #require(matched, "the list:\n\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("B dismiss") }, "not before its time: \(lines)")
        (lines, matched) = try session.waitForPane(timeout: .seconds(20)) {
            $0.contains { $0.hasPrefix("◔ Stretch — B dismiss  z 10 min  Z 1 h  T tomorrow") }
        }
        try #require(matched, "the reminder on the status line:\n\(lines.joined(separator: "\n"))")
        try session.send("B")
        (lines, matched) = try session.waitForPane(timeout: .seconds(10)) {
            $0.contains { $0.hasPrefix("Dismissed 'Stretch'") }
        }
        #expect(matched, "dismissed:\n\(lines.joined(separator: "\n"))")
        try session.send("q")
        (lines, matched) = try session.waitForPane(timeout: .seconds(10)) { $0.contains("EXITED:0") }
        #expect(matched, "\(lines)")

        let item = try #require(try JSONStore(path: base.store).load().items.first)
        #expect(item.alarmsAcknowledged != nil && item.alarmInstants(calendar: .current).isEmpty)
        let record = AlarmRecord(folder: base.home.path(".local/state/todo-tui")).read().keys
        #expect(record.map(\.itemID) == [item.id], "the list recorded it as remind does")
        let remind = try base.cli.run("remind", "--command", base.recorder, "--store", base.store)
        #expect(remind.status == 0 && base.recorded().isEmpty, "\(remind.stderr)")
    }
}
