import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import todo_tui

/// One order decides every setting: built in, then the locale (week start and clock), then the
/// configuration file, then the environment, then a command-line option; each source alone
/// sets the value, and with all of them the last wins. `todo-tui config` says which did.
@Suite("Configuration precedence")
struct ConfigPrecedenceTests {
    let folder: TemporaryDirectory
    let file: String

    init() throws {
        folder = try TemporaryDirectory()
        file = folder.path("config.toml")
        try """
        [calendar]
        week-start = "saturday"
        clock = "24-hour"

        [defaults]
        store = "/from/the/file.json"
        sync-interval = 60
        animations = false
        merge-policy = "store-trump"
        command-merge-policy = "overwrite"
        order = "newest-first"
        """.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func load(file: String? = nil, _ environment: [String: String] = [:]) throws -> Configuration {
        try ConfigurationLoader.load(configFlag: file, environment: environment, homeDirectory: folder.path("home"))
    }

    @Test("built in: every setting has its own value and says so")
    func builtIn() throws {
        let configuration = try load()
        #expect(configuration.store == nil)
        #expect(configuration.defaultStorePath == folder.path("home") + "/.local/share/todo-tui/todos.json")
        #expect(configuration.syncInterval == 300 && configuration.animations)
        #expect(configuration.mergePolicy == .mergeByPropertyObjectTrump && configuration.commandMergePolicy == .error)
        #expect(configuration.weekStart == .monday && configuration.clock == .twentyFourHour)
        #expect(configuration.order == .oldestFirst)
        for setting in Setting.all {
            #expect(configuration.source(of: setting.path) == .builtIn, "\(setting.path)")
        }
        #expect(
            configuration.file
                == ConfigLocation(path: folder.path("home") + "/.config/todo-tui/config.toml", origin: .home))
        #expect(!configuration.fileWasRead)
    }

    @Test("the locale alone: LC_ALL, else LC_TIME, else LANG; C and POSIX keep the built-in week and clock")
    func locale() throws {
        let us = try load(["LANG": "en_US.UTF-8"])
        #expect(us.weekStart == .sunday && us.clock == .twelveHour)
        #expect(us.source(of: "calendar.clock") == .locale(variable: "LANG", value: "en_US.UTF-8"))
        let british = try load(["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"])
        #expect(british.weekStart == .monday && british.clock == .twentyFourHour)
        #expect(british.source(of: "calendar.week-start") == .locale(variable: "LC_TIME", value: "en_GB.UTF-8"))
        let all = try load(["LC_ALL": "ar_EG.UTF-8", "LC_TIME": "en_GB.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(all.weekStart == .saturday && all.clock == .twelveHour)
        for plain in ["C", "POSIX", "C.UTF-8", ""] {
            let configuration = try load(["LC_ALL": plain, "LANG": plain])
            #expect(configuration.weekStart == .monday && configuration.clock == .twentyFourHour, "\(plain)")
            #expect(configuration.source(of: "calendar.clock") == .builtIn)
        }
    }

    @Test("the file alone, at each of its locations")
    func fileAlone() throws {
        for (flag, environment) in [
            (file, [:]), (nil, ["TODO_TUI_CONFIG": file]),
        ] as [(String?, [String: String])] {
            let configuration = try load(file: flag, environment)
            #expect(configuration.store == "/from/the/file.json" && configuration.syncInterval == 60)
            #expect(!configuration.animations && configuration.mergePolicy == .mergeByPropertyStoreTrump)
            #expect(configuration.commandMergePolicy == .overwrite && configuration.order == .newestFirst)
            #expect(configuration.weekStart == .saturday)
            #expect(configuration.source(of: "defaults.store") == .file(line: 6))
            #expect(configuration.source(of: "calendar.week-start") == .file(line: 2))
            #expect(configuration.fileWasRead)
        }
        let xdg = folder.path("xdg")
        try FileManager.default.createDirectory(atPath: xdg + "/todo-tui", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: file, toPath: xdg + "/todo-tui/config.toml")
        let configuration = try load(["XDG_CONFIG_HOME": xdg])
        #expect(configuration.syncInterval == 60 && configuration.file?.origin == .xdgConfigHome)
        #expect(try load(["XDG_CONFIG_HOME": "relative/ignored"]).file?.origin == .home)
    }

    @Test("the file wins over the locale; only one file is read, the first the order names")
    func fileOverLocale() throws {
        let configuration = try load(file: file, ["LANG": "en_US.UTF-8", "TODO_TUI_CONFIG": folder.path("absent")])
        #expect(configuration.weekStart == .saturday && configuration.clock == .twentyFourHour)
        #expect(configuration.source(of: "calendar.clock") == .file(line: 3))
    }

    @Test("the environment alone, and over the file")
    func environment() throws {
        let variables = [
            "TODO_TUI_STORE": "/from/the/environment.json", "TODO_TUI_SYNC_INTERVAL": "0",
            "TODO_TUI_NO_ANIMATION": "1",
        ]
        for flag in [nil, file] {
            let configuration = try load(file: flag, variables)
            #expect(configuration.store == "/from/the/environment.json" && configuration.syncInterval == 0)
            #expect(!configuration.animations)
            #expect(configuration.source(of: "defaults.store") == .environment("TODO_TUI_STORE"))
            #expect(configuration.source(of: "defaults.sync-interval") == .environment("TODO_TUI_SYNC_INTERVAL"))
        }
        let animated = try load(file: file, ["TODO_TUI_NO_ANIMATION": "0"])
        #expect(animated.animations, "TODO_TUI_NO_ANIMATION=0 asks for animations, over the file's false")
        #expect(throws: CLIError.self) { try load(["TODO_TUI_SYNC_INTERVAL": "soon"]) }
    }

    @Test("options alone, and over everything")
    func options() throws {
        let empty = folder.path("empty.toml")
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        for flag in [empty, file] {
            var storeOptions = try StoreOptions.parse(["--store", "/from/the/option.json", "--config", flag])
            try storeOptions.loadConfiguration()
            #expect(storeOptions.storePath == "/from/the/option.json")
            let list = try storeOptions.configuration.applyingListOptions(
                MergePolicyOption.parse(["--merge-policy", "rollback"]), noAnimation: true)
            #expect(list.mergePolicy == .rollback && !list.animations)
            #expect(list.source(of: "defaults.merge-policy") == .flag("--merge-policy"))
            #expect(list.source(of: "defaults.animations") == .flag("--no-animation"))
            #expect(list.source(of: "defaults.store") == .flag("--store"))
        }
    }

    @Test("all together through the command line: each setting as the latest source has it, and says which")
    func allTogether() throws {
        let sandbox = try CLISandbox()
        var cli = sandbox.cli
        cli.environment["LANG"] = "en_US.UTF-8"
        cli.environment["LC_TIME"] = nil
        cli.environment["TODO_TUI_STORE"] = sandbox.home.path("environment.json")
        cli.environment["TODO_TUI_SYNC_INTERVAL"] = "30"
        cli.environment["TODO_TUI_NO_ANIMATION"] = "0"
        let shown = try cli.run(
            "config", "--config", file, "--store", sandbox.store, "--merge-policy", "rollback", "--no-animation")
        try #require(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        // The settings outside [keys] (whose `order` is an action's name).
        let settings = lines.drop { $0 != "[theme]" }
        func line(_ name: String) -> String? { settings.first { $0.hasPrefix(name + " = ") } }
        #expect(
            line("week-start")?.contains("\"saturday\"") == true
                && line("week-start")?.hasSuffix("# file, line 2") == true)
        #expect(line("clock")?.hasSuffix("# file, line 3") == true)
        #expect(line("store")?.hasPrefix("store = \"\(sandbox.store)\" ") == true)
        #expect(line("store")?.hasSuffix("# option --store") == true)
        #expect(line("sync-interval")?.hasPrefix("sync-interval = 30 ") == true)
        #expect(line("sync-interval")?.hasSuffix("# environment TODO_TUI_SYNC_INTERVAL") == true)
        #expect(line("animations")?.hasPrefix("animations = false ") == true)
        #expect(line("animations")?.hasSuffix("# option --no-animation") == true)
        #expect(line("merge-policy")?.hasPrefix("merge-policy = \"rollback\" ") == true)
        #expect(line("command-merge-policy")?.hasSuffix("# file, line 10") == true)
        #expect(line("order")?.hasSuffix("# file, line 11") == true)
        #expect(line("relative-days")?.hasSuffix("# default") == true)
        #expect(lines.first?.contains("File: \(file) (named by --config; read)") == true, "\(lines.first ?? "")")
        // And the commands use them: the store named by the option wins over the environment's and the file's.
        let added = try cli.run("--config", file, "add", "Buy milk", "--store", sandbox.store)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(FileManager.default.fileExists(atPath: sandbox.store))
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path("environment.json")))
    }

    @Test("the store: each source alone decides where add writes")
    func storeSources() throws {
        let sandbox = try CLISandbox()
        let fileStore = sandbox.home.path("file.json"), environmentStore = sandbox.home.path("environment.json")
        let config = sandbox.home.path("config.toml")
        try "[defaults]\nstore = \"\(fileStore)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        var cli = sandbox.cli
        #expect(try cli.run("add", "Built in").status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.home.path("data/todo-tui/todos.json")))
        #expect(try cli.run("--config", config, "add", "From the file").status == 0)
        #expect(FileManager.default.fileExists(atPath: fileStore))
        cli.environment["TODO_TUI_STORE"] = environmentStore
        #expect(try cli.run("--config", config, "add", "From the environment").status == 0)
        #expect(FileManager.default.fileExists(atPath: environmentStore))
        #expect(try cli.run("--config", config, "add", "From the option", "--store", sandbox.store).status == 0)
        let texts = try cli.run("list", "--store", sandbox.store, "--json").stdout
        #expect(texts.contains("From the option") && !texts.contains("From the environment"))
        let path = try cli.run("--config", config, "config", "path")
        #expect(path.stdout == config + "\n")
        #expect(path.stderr.contains("named by --config"))
    }
}
