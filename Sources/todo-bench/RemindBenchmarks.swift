import Foundation
import TodoCore

/// The `remind` group: `todo-tui remind` on a 100,000-item store as a timer runs it every minute
/// (exec to exit; nothing new is due, the record holds what went off), against the app's start
/// to its first frame on the same store in the same run; then `todo-tui remind --watch`'s
/// processor time while it waits between two reminders, read from `/proc/PID/stat` over a
/// minute (5 s with `--quick`).
///
/// One item in a hundred has a reminder: half of them went off an hour ago (the first run
/// records them), half are due in a day.
enum RemindBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "remind",
            summary:
                "`todo-tui remind` exec → exit on a 100,000-item store (1% with reminders); baseline the app's first "
                + "frame (no cache) on the same store; then --watch CPU between reminders from /proc/PID/stat",
            run: run
        )
    }

    static func run(_ runner: BenchmarkRunner) {
        do {
            let fixture = try EndToEndFixture()
            for count in runner.sizes([10_000, 100_000]) {
                let store = try storeWithReminders(fixture.makeStore(count: count), fixture: fixture)
                let remind = ["remind", "--command", "/bin/true", "--store", store]
                // The first run records the reminders already due; every later run finds nothing new.
                try SpawnedProgram.run(fixture.todoTUI, remind, environment: fixture.environment)
                // In turns (one start, one remind, and again), so that what else the machine does
                // falls on both alike.
                var app: [Double] = [], ours: [Double] = [], oursCPU: [Double] = []
                _ = try runner.measure { () throws(EndToEndError) -> Duration in
                    fixture.removeCaches()
                    let start = try fixture.startAppToFirstFrame(store: store).1
                    let run = try SpawnedProgram.measure(fixture.todoTUI, remind, environment: fixture.environment)
                    app.append(start.seconds)
                    ours.append(run.seconds)
                    oursCPU.append(run.cpuSeconds)
                    return start + .seconds(run.seconds)
                }
                runner.report(
                    "remind, nothing new due", n: count, ours: BenchmarkMeasurement(seconds: ours, cpuSeconds: oursCPU),
                    baseline: .measured(BenchmarkMeasurement(seconds: app)),
                    extra: "baseline: the app's first frame, no cache, run in turns; the issue wants remind below it")
            }
            let store = try storeWithReminders(fixture.makeStore(count: 100_000), fixture: fixture)
            try watchCPU(store: store, fixture: fixture, seconds: runner.isQuick ? 5 : 60)
        } catch {
            print("remind: \(error)")
        }
    }

    /// A copy of `path` where every hundredth item (and not done) has a reminder, half an hour
    /// ago, half in a day.
    private static func storeWithReminders(_ path: String, fixture: EndToEndFixture) throws -> String {
        let now = Date()
        var items = try JSONStore(path: path).load().items
        for index in stride(from: 0, to: items.count, by: 100) {
            items[index].isDone = false
            let instant = now.addingTimeInterval(index % 200 == 0 ? -1_800 : 86_400)
            items[index].alarms = [.display(.absolute(instant), uid: UUID())]
        }
        let copy = path.replacingOccurrences(of: ".json", with: "-reminders.json")
        try? FileManager.default.removeItem(atPath: copy)
        try JSONStore.createStore(at: copy, containing: items)
        return copy
    }

    /// Starts `remind --watch`, lets it load and settle, then reads its user and system ticks
    /// (`/proc/PID/stat` fields 14 and 15) before and after `seconds` of waiting, and prints them.
    private static func watchCPU(store: String, fixture: EndToEndFixture, seconds: Int) throws {
        // The reminders already due are recorded first: the watcher then only waits.
        try SpawnedProgram.run(
            fixture.todoTUI, ["remind", "--command", "/bin/true", "--store", store], environment: fixture.environment)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        let watcher = try SpawnedProgram(
            fixture.todoTUI, ["remind", "--watch", "--command", "/bin/true", "--store", store],
            environment: fixture.environment, input: null, output: null)
        defer { watcher.kill() }
        sleep(5)
        guard let before = ticks(watcher.pid) else {
            print("remind --watch: the watcher is gone; nothing to measure")
            return
        }
        sleep(UInt32(seconds))
        guard let after = ticks(watcher.pid) else {
            print("remind --watch: the watcher ended while waiting")
            return
        }
        let hertz = sysconf(Int32(_SC_CLK_TCK))
        print(
            "  remind --watch, 100,000 items, between reminders: /proc/\(watcher.pid)/stat utime+stime "
                + "\(before.user)+\(before.system) → \(after.user)+\(after.system) ticks over \(seconds) s "
                + "(\(after.user + after.system - before.user - before.system) ticks at \(hertz)/s; start-up load "
                + "\(before.user + before.system) ticks)")
    }

    /// Fields 14 (utime) and 15 (stime) of `/proc/PID/stat`, in clock ticks.
    private static func ticks(_ pid: pid_t) -> (user: Int, system: Int)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command's name: field 3 (state) is the first; utime is field 14.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return (user, system)
    }
}
