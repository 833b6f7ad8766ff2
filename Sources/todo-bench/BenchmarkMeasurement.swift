/// The durations of repeated runs of one benchmark, in seconds.
struct BenchmarkMeasurement {
    /// Every run's duration, ascending.
    let sortedSeconds: [Double]

    init(seconds: [Double]) {
        precondition(!seconds.isEmpty, "a measurement needs at least one run")
        sortedSeconds = seconds.sorted()
    }

    var runs: Int { sortedSeconds.count }

    var median: Double { percentile(50) }

    var p99: Double { percentile(99) }

    /// The nearest-rank percentile: with few runs, p99 is the slowest run.
    func percentile(_ percent: Int) -> Double {
        let rank = (percent * sortedSeconds.count + 99) / 100
        return sortedSeconds[max(rank, 1) - 1]
    }

    /// `seconds` with a unit that keeps three significant digits: `812 ns`, `4.31 µs`, `18.2 ms`, `1.46 s`.
    static func format(_ seconds: Double) -> String {
        let (value, unit): (Double, String) =
            seconds < 1e-6 ? (seconds * 1e9, "ns") : seconds < 1e-3 ? (seconds * 1e6, "µs") : seconds < 1 ? (seconds * 1e3, "ms") : (seconds, "s")
        let digits = value < 10 ? 2 : value < 100 ? 1 : 0
        return "\(value.formatted(digits: digits)) \(unit)"
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
