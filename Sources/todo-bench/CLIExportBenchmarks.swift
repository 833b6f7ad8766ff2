import Foundation

/// The `cli-export` group: the real `todo-tui --export json --store PATH`, exec to exit with
/// the output discarded, against `task export` of the same 10,000 tasks imported into a
/// temporary Taskwarrior database (DESIGN §3.7's `taskwarrior` export, then `task import`).
enum CLIExportBenchmarks {
    static var group: BenchmarkGroup {
        BenchmarkGroup(
            name: "cli-export",
            summary:
                "`todo-tui --export json` exec → exit, output to /dev/null; baseline `task export` of the same 10,000 "
                + "tasks",
            run: run
        )
    }

    static let count = 10_000

    static func run(_ runner: BenchmarkRunner) {
        do {
            let fixture = try EndToEndFixture()
            let store = try fixture.makeStore(count: count)
            let arguments = ["--export", "json", "--store", store]
            let baseline: BenchmarkRunner.Baseline
            if let task = try TaskwarriorDatabase.make(
                importing: store, in: fixture.folder + "/taskwarrior", fixture: fixture)
            {
                try task.run(["export"])
                baseline = .measured(runner.measure { blackHole(try? task.run(["export"])) })
            } else {
                baseline = .skipped("`task` is not installed, so there is no Taskwarrior to compare with")
            }
            for build in fixture.builds {
                try SpawnedProgram.run(build.path, arguments, environment: fixture.environment)
                let ours = runner.measure {
                    blackHole(try? SpawnedProgram.run(build.path, arguments, environment: fixture.environment))
                }
                runner.report(
                    "--export json\(build.label)", n: count, ours: BenchmarkMeasurement(seconds: ours.sortedSeconds),
                    baseline: baseline, extra: "target ≥ 10× faster than `task export`")
            }
        } catch {
            print("cli-export: \(error)")
        }
    }
}
