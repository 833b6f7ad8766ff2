// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "todo-tui",
    products: [
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .executable(name: "todo-tui", targets: ["todo-tui"]),
        .executable(name: "todo-tui-sync", targets: ["todo-tui-sync"]),
    ],
    dependencies: [
        // The scripting CLI's subcommands, options and help text (DESIGN §4.4).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target TodoCore` (the DocC catalog); a plugin,
        // built only when that command runs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "TodoCore"),
        // What the app knows of the sync without the network: the account, the state beside a
        // store, the waiting conflicts, the errors, and the requests it hands to `todo-tui-sync`.
        .target(name: "TodoSyncModel", dependencies: ["TodoCore"]),
        // libcurl's easy interface, for the sync's HTTP transport: it waits in poll() without
        // spinning, keeps connections alive and honours curl's proxy variables; the apt provider
        // of its headers is `libcurl4-openssl-dev`.
        .target(name: "CCurl", linkerSettings: [.linkedLibrary("curl")]),
        // CalDAV sync: HTTP, WebDAV XML and the sync engine, kept out of the Foundation-only core.
        .target(name: "TodoSync", dependencies: ["TodoCore", "TodoSyncModel", "CCurl"]),
        // The process that runs a sync for `todo-tui sync`. libcurl and FoundationXML (libxml2,
        // and the libraries behind both) cost every start several milliseconds, so only this
        // helper links them, and the list, the commands and the exports start without them.
        .executableTarget(name: "todo-tui-sync", dependencies: ["TodoSync", "TodoSyncModel"]),
        // One C file holds the terminal's restore state, so there is exactly one copy of it.
        .target(name: "CNcurses", linkerSettings: [.linkedLibrary("ncursesw")]),
        .executableTarget(
            name: "todo-tui",
            dependencies: [
                "TodoCore",
                "TodoSyncModel",
                "CNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share: temporary folders, the release binary, real CalDAV servers.
        .target(name: "TodoTestSupport"),
        .executableTarget(name: "todo-bench", dependencies: ["TodoCore", "TodoTestSupport"]),
        .executableTarget(name: "todo-stress", dependencies: ["TodoCore", "TodoSyncModel"]),
        .testTarget(name: "TodoCoreTests", dependencies: ["TodoCore", "TodoTestSupport"]),
        .testTarget(name: "TodoTUITests", dependencies: ["todo-tui", "TodoCore", "TodoTestSupport"]),
        .testTarget(
            name: "TodoSyncTests", dependencies: ["TodoSync", "TodoSyncModel", "TodoCore", "TodoTestSupport"]),
    ]
)
