/// The durations of repeated runs of one benchmark, in seconds: wall clock, and the CPU time of
/// the running thread, which leaves out the time other processes had the processor.
///
/// Runs of another process (the app in a pseudo-terminal, `task`) have no CPU time here: this
/// thread only waited for them.
struct BenchmarkMeasurement {
    /// Every run's wall-clock duration, ascending.
    let sortedSeconds: [Double]
    /// Every run's thread CPU time, ascending; empty when the work ran in another process.
    let sortedCPUSeconds: [Double]

    init(seconds: [Double], cpuSeconds: [Double]) {
        precondition(!seconds.isEmpty && seconds.count == cpuSeconds.count, "a measurement needs at least one run")
        sortedSeconds = seconds.sorted()
        sortedCPUSeconds = cpuSeconds.sorted()
    }

    /// Runs of work done by another process, without CPU times.
    init(seconds: [Double]) {
        precondition(!seconds.isEmpty, "a measurement needs at least one run")
        sortedSeconds = seconds.sorted()
        sortedCPUSeconds = []
    }

    /// The durations per operation of runs that each did `count` operations.
    func perOperation(_ count: Int) -> BenchmarkMeasurement {
        precondition(count > 0, "a run does at least one operation")
        let scale = 1 / Double(count)
        let seconds = sortedSeconds.map { $0 * scale }
        return hasCPUTime
            ? BenchmarkMeasurement(seconds: seconds, cpuSeconds: sortedCPUSeconds.map { $0 * scale })
            : BenchmarkMeasurement(seconds: seconds)
    }

    var median: Double { Self.percentile(50, of: sortedSeconds) }

    var p99: Double { Self.percentile(99, of: sortedSeconds) }

    /// Whether the runs were timed in this thread, with CPU times.
    var hasCPUTime: Bool { !sortedCPUSeconds.isEmpty }

    var cpuMedian: Double {
        precondition(hasCPUTime, "runs of another process have no CPU time here")
        return Self.percentile(50, of: sortedCPUSeconds)
    }

    /// The nearest-rank percentile of ascending `values`: with few runs, p99 is the slowest run.
    static func percentile(_ percent: Int, of values: [Double]) -> Double {
        let rank = (percent * values.count + 99) / 100
        return values[max(rank, 1) - 1]
    }

    /// `seconds` with a unit that keeps three significant digits: `812 ns`, `4.31 µs`, `18.2 ms`, `1.46 s`.
    static func format(_ seconds: Double) -> String {
        let (value, unit): (Double, String) =
            seconds < 1e-6
            ? (seconds * 1e9, "ns")
            : seconds < 1e-3 ? (seconds * 1e6, "µs") : seconds < 1 ? (seconds * 1e3, "ms") : (seconds, "s")
        let digits = value < 10 ? 2 : value < 100 ? 1 : 0
        return "\(value.formatted(digits: digits)) \(unit)"
    }
}

extension Int {
    /// A byte count in megabytes (10⁶ bytes) with one decimal: `61.4 MB`.
    var megabytes: String {
        "\((Double(self) / 1e6).formatted(digits: 1)) MB"
    }
}

extension Double {
    /// The value with exactly `digits` decimals, without a locale.
    func formatted(digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((self * scale).rounded())
        let whole = String(scaled / Int(scale))
        guard digits > 0 else { return whole }
        let fraction = String(scaled % Int(scale))
        return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

extension Int {
    /// The value with thousands separators: `1,000,000`.
    var grouped: String {
        let digits = String(magnitude)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return self < 0 ? "-" + result : result
    }
}
