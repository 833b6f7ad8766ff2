import Foundation

/// Runs benchmark groups: repeats closures, takes medians and p99s, prints aligned lines.
///
/// A line is `name  N  median  p99  baseline  ratio  extra`: wall-clock median and p99 of our
/// code, the baseline's wall-clock median measured in the same run, ratio = baseline median ÷
/// our median (higher is better), and extra facts beginning with our median thread CPU time,
/// which shows our cost when other processes share the machine. `--quick` runs fewer and
/// shorter repetitions and only sizes up to 10,000, for a smoke test.
final class BenchmarkRunner {
    /// What a line compares against.
    enum Baseline {
        case measured(BenchmarkMeasurement)
        /// Not run, with the reason printed in the extra column.
        case skipped(String)
    }

    let isQuick: Bool
    /// `--server NAME`: the one server a group that runs against servers (sync) runs against;
    /// nil: all of them.
    let server: String?
    private let minimumRuns: Int
    private let maximumRuns: Int
    private let budgetSeconds: Double

    init(isQuick: Bool, server: String? = nil) {
        self.isQuick = isQuick
        self.server = server
        minimumRuns = isQuick ? 3 : 7
        maximumRuns = isQuick ? 50 : 1_000
        budgetSeconds = isQuick ? 0.1 : 1.0
    }

    /// The sizes to run: all of `sizes`, or in quick mode those up to 10,000.
    func sizes(_ sizes: [Int]) -> [Int] {
        isQuick ? sizes.filter { $0 <= 10_000 } : sizes
    }

    /// Runs `body` at least the minimum number of times and until the time budget is spent.
    func measure(_ body: () -> Void) -> BenchmarkMeasurement {
        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        var total = 0.0
        while seconds.count < minimumRuns || (total < budgetSeconds && seconds.count < maximumRuns) {
            let cpuStart = Self.threadCPUSeconds()
            let start = ContinuousClock.now
            body()
            let value = (ContinuousClock.now - start).seconds
            cpuSeconds.append(Self.threadCPUSeconds() - cpuStart)
            seconds.append(value)
            total += value
        }
        return BenchmarkMeasurement(seconds: seconds, cpuSeconds: cpuSeconds)
    }

    /// Runs `body`, which times its own work (e.g. in another process) and returns that time,
    /// at least the minimum number of times and until the time budget is spent; the budget counts
    /// whole runs, set-up and tear-down included.
    /// - Throws: the first error of `body`; nothing is measured then.
    func measure<Failure: Error>(timing body: () throws(Failure) -> Duration) throws(Failure) -> BenchmarkMeasurement {
        var seconds: [Double] = []
        let start = ContinuousClock.now
        while seconds.count < minimumRuns
            || ((ContinuousClock.now - start).seconds < budgetSeconds && seconds.count < maximumRuns)
        {
            seconds.append(try body().seconds)
        }
        return BenchmarkMeasurement(seconds: seconds)
    }

    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Prints a group's title, summary and the column header.
    func begin(_ group: BenchmarkGroup) {
        print("\n## \(group.name): \(group.summary)")
        print(Self.line(["name", "N", "median", "p99", "baseline", "ratio", "extra"]))
    }

    /// Prints one result line; the extra column starts with our median CPU time when this thread
    /// did the work.
    func report(_ name: String, n: Int, ours: BenchmarkMeasurement, baseline: Baseline, extra: String) {
        let cpu = ours.hasCPUTime ? "cpu \(BenchmarkMeasurement.format(ours.cpuMedian))" : ""
        let values = [BenchmarkMeasurement.format(ours.median), BenchmarkMeasurement.format(ours.p99)]
        switch baseline {
        case let .measured(measurement):
            printLine(
                name, n: n, values: values, baseline: BenchmarkMeasurement.format(measurement.median),
                ratio: measurement.median / ours.median, extra: [cpu, extra])
        case let .skipped(reason):
            printLine(name, n: n, values: values, baseline: nil, ratio: nil, extra: [cpu, extra, reason])
        }
    }

    /// Prints a resident-memory line: `bytes` in the median column, the baseline's bytes, and the
    /// ratio baseline ÷ ours (higher is better).
    func reportMemory(_ name: String, n: Int, bytes: Int, baselineBytes: Int?, extra: String) {
        printLine(
            name, n: n, values: [bytes.megabytes, "—"], baseline: baselineBytes?.megabytes,
            ratio: baselineBytes.map { Double($0) / Double(bytes) }, extra: [extra])
    }

    private func printLine(_ name: String, n: Int, values: [String], baseline: String?, ratio: Double?, extra: [String])
    {
        let ratioText = ratio.map { "\($0.formatted(digits: $0 < 10 ? 2 : $0 < 100 ? 1 : 0))×" } ?? "—"
        let extraText = extra.filter { !$0.isEmpty }.joined(separator: "; ")
        print(Self.line([name, n.grouped] + values + [baseline ?? "—", ratioText, extraText]))
        // A line is shown as soon as it is measured, also when the output goes to a file or a pipe
        // (fully buffered then): a long group shows its progress, and a run stopped midway keeps
        // the lines it measured.
        fflush(nil)
    }

    private static let widths = [34, 10, 10, 10, 10, 9]

    private static func line(_ columns: [String]) -> String {
        var text = ""
        for (index, column) in columns.enumerated() {
            guard index < widths.count else {
                text += "  " + column
                continue
            }
            let padding = String(repeating: " ", count: max(0, widths[index] - column.count))
            text += index == 0 ? column + padding : "  " + padding + column
        }
        return text
    }

    /// Parses `[--quick] [GROUP…]`, runs the named groups (all when none is named) and returns the
    /// exit status: 0, or 64 for an unknown option or group.
    static func main(arguments: [String], groups: [BenchmarkGroup], servers: [String]) -> Int32 {
        let names = groups.map(\.name)
        let usage =
            "usage: todo-bench [--quick] [--server \(servers.joined(separator: "|"))] [\(names.joined(separator: "|"))…]"
        var isQuick = false
        var server: String?
        var selected: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--server":
                guard let name = remaining.popFirst(), servers.contains(name) else {
                    FileHandle.standardError.write(
                        Data("todo-bench: --server takes one of \(servers.joined(separator: ", "))\n\(usage)\n".utf8))
                    return 64
                }
                server = name
            case "-h", "--help":
                print(usage)
                return 0
            case _ where names.contains(argument): selected.append(argument)
            default:
                FileHandle.standardError.write(
                    Data("todo-bench: unknown group or option ‘\(argument)’\n\(usage)\n".utf8))
                return 64
            }
        }
        let runner = BenchmarkRunner(isQuick: isQuick, server: server)
        print(
            "todo-bench\(isQuick ? " --quick" : ""): medians of repeated runs; ratio = baseline ÷ ours (higher is "
                + "better)"
        )
        // Wall-clock medians depend on what else runs: say how busy the machine was.
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            print(
                "load average at start: \(load.split(separator: " ").prefix(3).joined(separator: " ")) on "
                    + "\(ProcessInfo.processInfo.activeProcessorCount) processors"
            )
        }
        for group in groups where selected.isEmpty || selected.contains(group.name) {
            runner.begin(group)
            group.run(runner)
        }
        return 0
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

/// Keeps a benchmarked result alive so the optimizer cannot drop the work that made it.
///
/// Not optimized, so that the optimizer cannot find out that the argument goes unused and drop
/// it, and the work that made it, in the caller.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
