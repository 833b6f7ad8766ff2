/// One timed run of a sync client (ours, vdirsyncer, or the curl floor): its wall-clock time, the
/// processor time of its processes, and how many HTTP requests it made.
struct SyncTiming {
    var seconds: Double
    var cpuSeconds: Double
    var requests: Int

    init(_ measured: (seconds: Double, cpuSeconds: Double), requests: Int) {
        seconds = measured.seconds
        cpuSeconds = measured.cpuSeconds
        self.requests = requests
    }

    /// Processor time per request.
    var cpuPerRequest: Double { cpuSeconds / Double(max(requests, 1)) }

    /// The run with the median wall-clock time of `runs`.
    static func median(_ runs: [SyncTiming]) -> SyncTiming {
        precondition(!runs.isEmpty, "a median needs a run")
        return runs.sorted { $0.seconds < $1.seconds }[(runs.count - 1) / 2]
    }
}
