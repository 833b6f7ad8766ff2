/// A named set of benchmarks that `todo-bench NAME` runs, e.g. `diff`.
struct BenchmarkGroup {
    /// The command-line name.
    let name: String
    /// What is measured and against which baseline, printed above the group's lines.
    let summary: String
    /// Measures and reports through the runner.
    let run: (BenchmarkRunner) -> Void
}
