import Foundation

/// What the end-to-end groups run on: a scratch folder for stores made by `todo-bench generate`'s
/// code, caches and homes, and the `todo-tui` built beside this executable.
///
/// The folder is removed when the fixture is released. Every program gets a small, fixed
/// environment (its own home and XDG folders, `TERM=xterm-256color`, a UTF-8 locale), so a
/// developer's settings and caches never enter a measurement.
final class EndToEndFixture {
    /// The terminal size the app is measured in.
    static let rows = 30, columns = 100
    /// The seed of every generated store: `generate`'s default, so `todo-bench generate N PATH`
    /// writes the same bytes.
    static let seed = StoreGenerator.defaultSeed

    let folder: String
    let todoTUI: String
    /// The copy `scripts/install` put in place (a release build with the Swift standard library
    /// linked statically), measured beside the default build: `$TODO_BENCH_INSTALLED`, else
    /// `~/.local/bin/todo-tui`; nil when there is none.
    let installedTodoTUI: String?
    private var storeCount = 0

    /// - Throws: `EndToEndError.missingProgram` when `todo-tui` was not built beside this
    ///   executable; `.systemCall` when the scratch folder cannot be made.
    init() throws(EndToEndError) {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        todoTUI = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("todo-tui").path
        guard FileManager.default.isExecutableFile(atPath: todoTUI) else {
            throw .missingProgram(
                name: todoTUI, hint: "build it first with `swift build -c release --product todo-tui`")
        }
        let environment = ProcessInfo.processInfo.environment
        let installed = environment["TODO_BENCH_INSTALLED"] ?? environment["HOME"].map { $0 + "/.local/bin/todo-tui" }
        installedTodoTUI = installed.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
        var template = Array((NSTemporaryDirectory() + "/todo-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw .systemCall(name: "mkdtemp", errno: errno) }
        folder = String(cString: made)
        for name in ["home", "cache", "data"] {
            mkdir(folder + "/" + name, 0o700)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The environment every program runs with.
    var environment: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": folder + "/home",
            "XDG_CACHE_HOME": cacheFolder,
            "XDG_DATA_HOME": folder + "/data",
            "XDG_CONFIG_HOME": folder + "/config",
            "TERM": "xterm-256color",
            "LC_ALL": "C.UTF-8",
        ]
    }

    /// Where the app keeps its controller cache (`$XDG_CACHE_HOME`).
    var cacheFolder: String { folder + "/cache" }

    /// Removes the app's controller caches, so that the next start sorts.
    func removeCaches() {
        try? FileManager.default.removeItem(atPath: cacheFolder + "/todo-tui")
    }

    /// Whether a controller cache exists.
    var hasCache: Bool {
        !((try? FileManager.default.contentsOfDirectory(atPath: cacheFolder + "/todo-tui")) ?? []).isEmpty
    }

    /// A new store of `count` sample items, exactly as `todo-bench generate count PATH` writes it.
    /// - Throws: `EndToEndError.failed` when it cannot be written.
    func makeStore(count: Int) throws(EndToEndError) -> String {
        storeCount += 1
        let path = "\(folder)/store-\(storeCount)-\(count).json"
        do {
            _ = try StoreGenerator.write(count: count, seed: Self.seed, to: path)
        } catch {
            throw .failed(command: "todo-bench generate \(count) \(path)", status: error.status, output: error.message)
        }
        return path
    }

    /// The builds to time, labelled for the report: the default release build, and the
    /// installed one when there is one.
    var builds: [(label: String, path: String)] {
        [("", todoTUI)] + (installedTodoTUI.map { [(" (installed)", $0)] } ?? [])
    }

    /// Starts the interactive app (`binary`, default the build beside this executable) on
    /// `store` in a pseudo-terminal of the fixture's size, with the configuration file at
    /// `configuration` (none when nil).
    func startApp(
        store: String, binary: String? = nil, configuration: String? = nil
    ) throws(EndToEndError)
        -> PseudoTerminal
    {
        try PseudoTerminal(
            binary ?? todoTUI, ["--store", store] + (configuration.map { ["--config", $0] } ?? []),
            environment: environment, rows: Self.rows, columns: Self.columns)
    }

    /// Starts the app and waits for its first frame, the one with the title bar.
    /// - Returns: the app and the time from start to the end of the first frame.
    func startAppToFirstFrame(
        store: String, binary: String? = nil, configuration: String? = nil
    ) throws(EndToEndError) -> (PseudoTerminal, Duration) {
        let start = ContinuousClock.now
        let app = try startApp(store: store, binary: binary, configuration: configuration)
        let end = try app.nextFrame(containing: Self.firstFrameMarker)
        return (app, end - start)
    }

    /// A configuration file that sets every setting, at its built-in value: what
    /// `binary config defaults` prints, with each setting's `# ` removed, written once.
    /// - Throws: `EndToEndError` when it cannot be made.
    func fullConfiguration(binary: String) throws(EndToEndError) -> String {
        let path = folder + "/full-config.toml", printed = folder + "/defaults.toml"
        let output = open(printed, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .systemCall(name: "open \(printed)", errno: errno) }
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(null) }
        let program = try SpawnedProgram(
            binary, ["config", "defaults"], environment: environment, input: null, output: output)
        close(output)
        let status = program.wait()
        guard status == 0, let text = try? String(contentsOfFile: printed, encoding: .utf8) else {
            throw .failed(command: program.command, status: status, output: "")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("# "), let equals = line.range(of: " = "),
                line[line.index(line.startIndex, offsetBy: 2)..<equals.lowerBound].allSatisfy({
                    $0.isLowercase || $0.isNumber || $0 == "-"
                })
            else { return String(line) }
            return String(line.dropFirst(2))
        }
        do {
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .failed(command: "write \(path)", status: 1, output: "\(error)")
        }
        return path
    }

    /// Text only a drawn list shows: the end of the title bar.
    static let firstFrameMarker = "? help"

    /// Finds `name` in `PATH`.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
