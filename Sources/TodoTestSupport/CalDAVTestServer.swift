import Foundation
import Glibc

/// A real CalDAV server for tests: Debian's `radicale` or `xandikos`, serving a temporary
/// folder on a free 127.0.0.1 port, started by the test and stopped by its process id (SIGTERM,
/// then SIGKILL). Radicale checks plain htpasswd users `alice` and `bob` (password `secret`), and
/// a rights file when given one (`rights`); Xandikos has no authentication. `stop()` and
/// `start()` again keep the data and the port, to show a server that goes away
/// mid-run. Tests stop it with `defer { server.stop() }` as well as on release:
/// a closure that captures the server (a hooked transport) can keep it alive past the test.
public final class CalDAVTestServer: @unchecked Sendable {
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case radicale, xandikos
        public var description: String { rawValue }
    }

    public let kind: Kind
    public private(set) var port: Int
    public let user = "alice"
    public let password = "secret"
    private let folder: TemporaryDirectory
    private var process: Process?
    /// Radicale's rights file (`[rights] type = from_file`), when the test gave one.
    private let rights: String?

    /// Why a server could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Starts a server of `kind`.
    /// - Parameter rights: the text of Radicale's rights file (who may read or write which
    ///   collection); nil leaves every user the owner of their own collections only.
    /// - Throws: `Failure` when it does not answer within 20 seconds on any of three ports.
    public init(_ kind: Kind, rights: String? = nil) throws {
        self.kind = kind
        self.rights = rights
        folder = try TemporaryDirectory()
        port = 0
        try FileManager.default.createDirectory(atPath: folder.path("data"), withIntermediateDirectories: true)
        try "alice:secret\nbob:secret\n".write(toFile: folder.path("users"), atomically: true, encoding: .utf8)
        if let rights { try rights.write(toFile: folder.path("rights"), atomically: true, encoding: .utf8) }
        var lastError: Failure?
        for _ in 0..<3 {
            port = FreePort.pick()
            do {
                try start()
                return
            } catch let error as Failure {
                lastError = error
            }
        }
        throw lastError ?? Failure(description: "\(kind) did not start")
    }

    deinit {
        stop()
    }

    /// The server's root, `http://127.0.0.1:<port>/`.
    public var rootURL: URL { URL(string: "http://127.0.0.1:\(port)/")! }

    /// Where the user's calendars live.
    public var homeURL: URL {
        URL(string: kind == .radicale ? "alice/" : "user/calendars/", relativeTo: rootURL)!.absoluteURL
    }

    /// A collection URL in the home, by its last path segment.
    public func collectionURL(_ name: String) -> URL {
        URL(string: name + "/", relativeTo: homeURL)!.absoluteURL
    }

    /// Starts (or restarts) the server on `port` and waits until it accepts connections.
    public func start() throws {
        guard process == nil else { return }
        let process = Process()
        switch kind {
        case .radicale:
            let config = """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = htpasswd
                htpasswd_filename = \(folder.path("users"))
                htpasswd_encryption = plain
                [storage]
                filesystem_folder = \(folder.path("data"))
                [logging]
                level = warning
                """ + (rights == nil ? "" : "\n[rights]\ntype = from_file\nfile = \(folder.path("rights"))\n")
            try config.write(toFile: folder.path("radicale.conf"), atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/radicale")
            process.arguments = ["--config", folder.path("radicale.conf")]
        case .xandikos:
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xandikos")
            process.arguments = [
                "-d", folder.path("data"), "-l", "127.0.0.1", "-p", String(port), "--autocreate",
                "--current-user-principal", "/user/",
            ]
        }
        let log = folder.path("\(kind).log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        for _ in 0..<400 {
            if FreePort.isAccepting(port) { return }
            if !process.isRunning { break }
            usleep(50_000)
        }
        stop()
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw Failure(description: "\(kind) did not answer on port \(port): \(output.suffix(2000))")
    }

    /// Stops the server by its process id: SIGTERM, and SIGKILL after half a second (a child of
    /// the test process may start with SIGTERM blocked, as the test runner's threads have it).
    public func stop() {
        guard let process else { return }
        self.process = nil
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        for _ in 0..<10 where process.isRunning {
            usleep(50_000)
        }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// Radicale rights (`rights:`) under which alice may only read bob's calendar `shared`
    /// (`/bob/shared/`), and each user owns their own calendars.
    public static let aliceReadsBobsShared = """
        [alice-reads-bob-shared]
        user: alice
        collection: bob/shared(/.*)?
        permissions: r
        [alice-sees-bob]
        user: alice
        collection: bob
        permissions: R
        [owner]
        user: .+
        collection: {user}(/.*)?
        permissions: RrWw
        [root]
        user: .+
        collection:
        permissions: R
        """

    /// A collection URL in another user's home on Radicale (`/bob/shared/`).
    public func collectionURL(_ name: String, of user: String) -> URL {
        URL(string: "\(user)/\(name)/", relativeTo: rootURL)!.absoluteURL
    }

    /// Replaces Radicale's rights file (a server started with `rights`), which Radicale reads
    /// again on every request: a test can take a right away after setting up.
    public func replaceRights(_ text: String) throws {
        try text.write(toFile: folder.path("rights"), atomically: true, encoding: .utf8)
    }

    /// The collection's folder on disk for `name` (its `.ics` files are the server's items).
    public func storageFolder(_ name: String) -> String {
        switch kind {
        case .radicale: folder.path("data/collection-root/alice/\(name)")
        case .xandikos: folder.path("data/user/calendars/\(name)")
        }
    }
}
