import Foundation

/// A Taskwarrior database of the same items as a store, in its own `TASKRC` and data folder:
/// the comparison the issue asks for (`task list`, `task export`, `task add` on 10,000 tasks).
///
/// It is made the documented way: `todo-tui --export taskwarrior` of the store, then
/// `task import` of that file. Confirmation prompts, hooks and the upgrade news are off, so that
/// every command runs without asking anything.
struct TaskwarriorDatabase {
    let executable: String
    let environment: [String: String]

    /// Imports `store` into a new database in `folder`.
    /// - Returns: nil when `task` is not installed.
    /// - Throws: `EndToEndError` when the export or the import fails.
    static func make(
        importing store: String, in folder: String, fixture: EndToEndFixture
    ) throws(EndToEndError) -> TaskwarriorDatabase? {
        guard let executable = EndToEndFixture.which("task") else { return nil }
        mkdir(folder, 0o700)
        let rc = folder + "/taskrc"
        let settings = "data.location=\(folder)/data\nconfirmation=off\nhooks=off\nnews.version=2.6.0\n"
        guard FileManager.default.createFile(atPath: rc, contents: Data(settings.utf8)) else {
            throw .systemCall(name: "writing \(rc)", errno: errno)
        }
        var environment = fixture.environment
        environment["TASKRC"] = rc
        environment["TASKDATA"] = folder + "/data"
        let tasks = folder + "/tasks.json"
        try SpawnedProgram.run(
            fixture.todoTUI, ["--export", "taskwarrior", "--store", store, "--output", tasks],
            environment: fixture.environment)
        let database = TaskwarriorDatabase(executable: executable, environment: environment)
        try database.run(["import", tasks])
        return database
    }

    /// Runs `task` with `arguments` to its end, output discarded.
    /// - Returns: its peak resident memory in bytes when `samplingPeak`, else 0.
    /// - Throws: `EndToEndError.failed` when it does not succeed.
    @discardableResult
    func run(_ arguments: [String], samplingPeak: Bool = false) throws(EndToEndError) -> Int {
        try SpawnedProgram.run(executable, arguments, environment: environment, samplingPeak: samplingPeak)
    }
}
