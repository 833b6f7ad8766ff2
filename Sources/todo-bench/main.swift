import Foundation
import TodoTestSupport

// The benchmark executable; build and run it in release mode:
//
//   swift build -c release --product todo-bench
//   .build/release/todo-bench [--quick] [--server radicale|xandikos] [GROUP…]
//       Runs the named groups (all when none is named) and prints, per line, the median and
//       p99 of our code, the median of its baseline measured in the same run and the ratio
//       baseline ÷ ours (higher is better). `--quick` runs fewer, shorter repetitions and
//       only sizes up to 10,000: a smoke test, not a measurement.
//
//       The end-to-end groups (startup, cli-export, keys, merge, memory, remind) run the `todo-tui` built
//       beside this executable (`swift build -c release` builds both) in a pseudo-terminal on
//       stores written as `generate` writes them, and compare with Taskwarrior's `task` on the
//       same 10,000 items imported into a temporary TASKRC; without `task` those baselines are
//       skipped with a message. The save group measures `TodoContext.save()` in this process.
//
//   .build/release/todo-bench generate N PATH [--seed S]
//       Writes a store of N realistic items to PATH (days over ±60 days around 2026-01-01, all
//       eight colours, about 30% done, short and long texts with Korean, Japanese and emoji),
//       the same bytes for the same N and seed (default 1). This is how the 10,000- and
//       100,000-item stores for measurements are made, e.g.
//       `todo-bench generate 100000 /tmp/todo-100k.json` then
//       `todo-tui list --store /tmp/todo-100k.json`. Never overwrites: an existing PATH is an
//       error with exit status 73.
//
//       The sync group starts a local Radicale and a local Xandikos and compares `todo-tui sync`
//       with the same requests sent by one `curl` (the floor) and with vdirsyncer (Debian's
//       `radicale`, `xandikos`, `curl` and `vdirsyncer`) doing the same work on the same server;
//       `--server NAME` runs it against that one server only.
//
// Exit status: 0; 64 for a bad command line; 73 when generate cannot create PATH; 74 when
// writing it fails.

// The benchmark groups, one line each; `todo-bench NAME…` runs the named ones, none runs all.
let groups: [BenchmarkGroup] = [
    DiffBenchmarks.group,
    TreeBenchmarks.group,
    ControllerBenchmarks.group,
    ExportBenchmarks.group,
    StartupBenchmarks.group,
    CLIExportBenchmarks.group,
    SaveBenchmarks.group,
    KeyBenchmarks.group,
    ListBenchmarks.group,
    MergeBenchmarks.group,
    FilterBenchmarks.group,
    MemoryBenchmarks.group,
    SyncBenchmarks.group,
    RecurrenceBenchmarks.group,
    RemindBenchmarks.group,
]

let arguments = Array(CommandLine.arguments.dropFirst())
exit(
    arguments.first == "generate"
        ? StoreGenerator.main(arguments: Array(arguments.dropFirst()))
        : BenchmarkRunner.main(
            arguments: arguments, groups: groups, servers: CalDAVTestServer.Kind.allCases.map(\.rawValue))
)
