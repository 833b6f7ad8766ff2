import Foundation

// The benchmark groups, one line each; `todo-bench NAME…` runs the named ones, none runs all.
let groups: [BenchmarkGroup] = [
    DiffBenchmarks.group,
    ControllerBenchmarks.group,
]

exit(BenchmarkRunner.main(arguments: Array(CommandLine.arguments.dropFirst()), groups: groups))
