import Foundation
import TodoTestSupport

extension SyncBenchmarks {
    /// `todo-tui` with an account on the server (in the fixture's config folder).
    struct Ours {
        let fixture: EndToEndFixture
        let server: CalDAVTestServer
        var environment: [String: String]

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            self.fixture = fixture
            self.server = server
            environment = fixture.environment
            environment["XDG_CONFIG_HOME"] = fixture.folder + "/config"
            environment["TODO_TUI_PASSWORD"] = server.password
            // Speed is measured here, not patience: a loaded machine's server may think longer
            // than the silence a person would wait for (Radicale's first listing of 10,000).
            environment["TODO_TUI_SYNC_SILENCE_TIMEOUT"] = "3600"
            environment["TODO_TUI_SYNC_REQUEST_TIMEOUT"] = "86400"
            environment["TODO_TUI_SYNC_RUN_TIMEOUT"] = "86400"
        }

        /// `sync setup` of the server with `choice` (`--create NAME` or `--collection NAME`).
        func setUp(_ choice: [String]) throws {
            try run(["sync", "setup", server.rootURL.absoluteString, "--user", server.user] + choice)
        }

        func run(_ arguments: [String]) throws {
            try SpawnedProgram.run(fixture.todoTUI, arguments, environment: environment)
        }

        /// One run of `binary` (default: the release build beside todo-bench), timed, with the
        /// processor time of `todo-tui` and its helper; it makes `requests` HTTP requests.
        func time(_ arguments: [String], requests: Int, binary: String? = nil) throws -> SyncTiming {
            SyncTiming(
                try SpawnedProgram.measure(binary ?? fixture.todoTUI, arguments, environment: environment),
                requests: requests)
        }

        /// The id of the store's first item.
        func firstID(_ store: String) throws -> String {
            let output = fixture.folder + "/ids.json"
            try run(["--store", store, "--export", "json", "--output", output])
            let data = try Data(contentsOf: URL(fileURLWithPath: output))
            guard let export = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let items = export["items"] as? [[String: Any]], let id = items.first?["id"] as? String
            else { throw EndToEndError.failed(command: "--export json", status: 0, output: "no items") }
            return id
        }
    }
}
