import Foundation

/// The `memory` group: the resident memory of the real `todo-tui` with N items open, read from
/// `/proc/PID/status` (`VmRSS` now, `VmHWM` the peak) once the first frame has settled, and again
/// after an add and a filter keystroke. Settled: no output for `settled`, longer than the app's
/// poll interval, after which an idle app has handed freed memory back (`HeapTuning`), as it has
/// for a person looking at the list. The first line also gives how `HeapTuning` served the load:
/// the page faults taken so far, and whether the heap was advised for huge pages (a store over
/// 2 MB is). Baseline, in the same run: the peak resident memory (`VmHWM`, sampled every
/// millisecond) of `task list` on the same 10,000 tasks.
enum MemoryBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "memory",
            summary:
                "todo-tui resident memory (VmRSS; VmHWM peak) with N items open; baseline peak RSS of `task list` on "
                + "the same 10,000 tasks",
            run: run
        )
    }

    /// How long the app shows nothing new before its memory is read.
    static let settled = Duration.milliseconds(600)

    static func run(_ runner: BenchmarkRunner) {
        let count = runner.isQuick ? 10_000 : 100_000
        do {
            let fixture = try EndToEndFixture()
            let baselineBytes = try taskListPeak(fixture: fixture)
            let note =
                baselineBytes == nil
                ? "`task` is not installed, so there is no Taskwarrior to compare with" : "target ≤ 64 MB"
            let app = try fixture.startAppToFirstFrame(store: try fixture.makeStore(count: count)).0
            try app.waitUntilQuiet(for: settled)
            let faults = app.program.pageFaults().map { "\($0.grouped) page faults; " } ?? ""
            let advised = app.program.hasHugePageAdvice() == true ? "heap advised for huge pages; " : ""
            try report(
                "open, first frame", app, count: count, baselineBytes: baselineBytes, note: faults + advised + note,
                runner: runner)
            _ = app.send("aBench item\r")
            try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
            _ = app.send("/m")
            try app.waitUntilQuiet(for: KeyBenchmarks.quiet)
            _ = app.send("\u{1B}")
            try app.waitUntilQuiet(for: settled)
            try report(
                "after add + filter", app, count: count, baselineBytes: baselineBytes, note: note, runner: runner)
            try app.quit(by: "q")
        } catch {
            print("memory: \(error)")
        }
    }

    private static func report(
        _ name: String, _ app: PseudoTerminal, count: Int, baselineBytes: Int?, note: String, runner: BenchmarkRunner
    ) throws(EndToEndError) {
        guard let memory = app.program.residentMemory() else { throw .exitedEarly(outputTail: "") }
        runner.reportMemory(
            name, n: count, bytes: memory.current, baselineBytes: baselineBytes,
            extra: "peak \(memory.peak.megabytes); \(note)")
    }

    /// The peak resident memory of `task list` on 10,000 tasks, or nil when `task` is absent.
    private static func taskListPeak(fixture: EndToEndFixture) throws(EndToEndError) -> Int? {
        let store = try fixture.makeStore(count: 10_000)
        guard
            let task = try TaskwarriorDatabase.make(
                importing: store, in: fixture.folder + "/taskwarrior", fixture: fixture)
        else { return nil }
        return try task.run(["list"], samplingPeak: true)
    }
}
