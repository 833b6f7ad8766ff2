import Foundation
import TodoTestSupport

extension SyncBenchmarks {
    /// vdirsyncer pairing a vdir with a collection on the same server.
    struct Vdirsyncer {
        let fixture: EndToEndFixture
        let server: CalDAVTestServer
        let folder: String

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            self.fixture = fixture
            self.server = server
            folder = fixture.folder + "/vdirsyncer"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// The store's items as one `.ics` file each in `folder`: `--export vdir` writes one
        /// folder per list, and the benchmark's stores have one list, whose `.ics` files are
        /// moved into `folder` (a server's collection folder may already exist there).
        func export(_ store: String, to folder: String, todoTUI: String) throws {
            let exported = folder + ".export"
            try SpawnedProgram.run(
                todoTUI, ["--store", store, "--export", "vdir", "--output", exported], environment: fixture.environment)
            let manager = FileManager.default
            let lists = try manager.contentsOfDirectory(atPath: exported)
            guard lists.count == 1, let list = lists.first else {
                throw EndToEndError.failed(
                    command: "--export vdir", status: 0, output: "\(lists.count) list folders, expected one")
            }
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: exported + "/" + list) where name.hasSuffix(".ics") {
                try manager.moveItem(atPath: "\(exported)/\(list)/\(name)", toPath: "\(folder)/\(name)")
            }
            try manager.removeItem(atPath: exported)
        }

        /// A pair of `vdir` with the collection, discovered, as a configuration file.
        func pair(_ name: String, vdir: String, collection: String) throws -> String {
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            let path = "\(folder)/\(name).conf"
            let text = VdirsyncerPair.configuration(
                statusFolder: "\(folder)/status-\(name)", vdir: vdir, collection: server.collectionURL(collection),
                server: server, conflictResolution: "a wins")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            try run(["discover"], config: path)
            return path
        }

        func run(_ arguments: [String], config: String) throws {
            try SpawnedProgram.run("/usr/bin/vdirsyncer", ["-c", config] + arguments, environment: fixture.environment)
        }

        /// One `vdirsyncer sync`, timed (its requests are not counted).
        func time(config: String) throws -> SyncTiming {
            SyncTiming(
                try SpawnedProgram.measure(
                    "/usr/bin/vdirsyncer", ["-c", config, "sync"], environment: fixture.environment),
                requests: 0)
        }

        /// Changes the summary of one item in `vdir`, as a local client would.
        func editOneItem(in vdir: String, round: Int) throws {
            guard let name = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted().first else { return }
            let path = vdir + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try Self.edited(text, summary: "edited by vdirsyncer \(round)").write(
                toFile: path, atomically: true, encoding: .utf8)
        }

        /// `text`, an object resource, with its SUMMARY replaced.
        static func edited(_ text: String, summary: String) -> String {
            text.components(separatedBy: "\r\n").map { $0.hasPrefix("SUMMARY:") ? "SUMMARY:\(summary)" : $0 }
                .joined(separator: "\r\n")
        }
    }
}
