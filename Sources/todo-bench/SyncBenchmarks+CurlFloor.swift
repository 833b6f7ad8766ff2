import Foundation
import TodoTestSupport

extension SyncBenchmarks {
    /// The floor no client can pass: the same requests sent by one `curl` process, read from a
    /// configuration file, over one connection where the server keeps it alive.
    struct CurlFloor {
        /// One request of a configuration file.
        struct Request {
            var method: String
            var url: URL
            var headers: [String] = []
            /// The file whose bytes are the body.
            var body: String?
            /// Where the answer goes.
            var output = "/dev/null"
        }

        let server: CalDAVTestServer
        let folder: String
        let environment: [String: String]
        let curl: String
        private let counter = Counter()

        init(fixture: EndToEndFixture, server: CalDAVTestServer) throws {
            guard let curl = EndToEndFixture.which("curl") else {
                throw EndToEndError.missingProgram(name: "curl", hint: "install Debian's curl")
            }
            self.curl = curl
            self.server = server
            environment = fixture.environment
            folder = fixture.folder + "/curl-\(server.kind)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }

        /// Sends `requests` in order from one `curl`, and times it.
        /// - Throws: `EndToEndError.failed` when a request was not answered with a 2xx: a floor
        ///   that failed is no floor.
        func time(_ requests: [Request]) throws -> SyncTiming {
            counter.value += 1
            let path = "\(folder)/requests-\(counter.value).conf"
            let statuses = "\(folder)/statuses-\(counter.value).txt"
            try requests.map(section).joined(separator: "next\n").write(toFile: path, atomically: true, encoding: .utf8)
            let timing = SyncTiming(
                try SpawnedProgram.measure(curl, ["--config", path], environment: environment, outputPath: statuses),
                requests: requests.count)
            let codes = try String(contentsOfFile: statuses, encoding: .utf8).split(separator: "\n")
            guard codes.count == requests.count, codes.allSatisfy({ $0.hasPrefix("2") }) else {
                throw EndToEndError.failed(
                    command: "curl --config \(path)", status: 0, output: codes.joined(separator: " "))
            }
            return timing
        }

        private func section(_ request: Request) -> String {
            var lines = [
                "url = \(quoted(request.url.absoluteString))", "request = \(quoted(request.method))", "silent",
                "show-error", "user = \(quoted("\(server.user):\(server.password)"))",
                "write-out = \"%{http_code}\\n\"",
                "output = \(quoted(request.output))",
            ]
            lines += request.headers.map { "header = \(quoted($0))" }
            if let body = request.body { lines.append("data-binary = \(quoted("@" + body))") }
            return lines.joined(separator: "\n") + "\n"
        }

        private func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }

        /// Writes `text` to a file of the floor's folder, for a body.
        func bodyFile(_ name: String, _ text: String) throws -> String {
            let path = "\(folder)/\(name)"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// A to-do calendar `name` on the server (MKCALENDAR, as a client makes one).
        func makeCollection(_ name: String) throws {
            let body = try bodyFile("mkcalendar.xml", DAVBody.makeCalendar(named: name))
            _ = try time([Request(method: "MKCALENDAR", url: server.collectionURL(name), headers: xml, body: body)])
        }

        /// PROPFIND of the collection's sync token and ctag, as every run starts.
        func collectionState(_ collection: URL, output: String = "/dev/null") throws -> Request {
            Request(
                method: "PROPFIND", url: collection, headers: xml + ["Depth: 0"],
                body: try bodyFile("propfind.xml", DAVBody.collectionState), output: output)
        }

        /// PROPFIND of a linked collection, as a run after the first starts (`DAVBody.linkedCollectionState`).
        func linkedCollectionState(_ collection: URL, output: String = "/dev/null") throws -> Request {
            Request(
                method: "PROPFIND", url: collection, headers: xml + ["Depth: 0"],
                body: try bodyFile("propfind-linked.xml", DAVBody.linkedCollectionState), output: output)
        }

        /// How many to-dos `collection` holds on the server, read with one calendar-query: a
        /// comparison whose client reported success without doing the work is no comparison.
        func itemCount(in collection: URL) throws -> Int {
            let answer = "\(folder)/count.xml"
            var query = try pull(collection)[1]
            query.output = answer
            _ = try time([query])
            return try String(contentsOfFile: answer, encoding: .utf8).components(separatedBy: "BEGIN:VTODO").count - 1
        }

        /// A first pull, as `todo-tui sync` makes it: the collection's state, then every item with
        /// its data in one calendar-query.
        func pull(_ collection: URL) throws -> [Request] {
            [
                try collectionState(collection),
                Request(
                    method: "REPORT", url: collection, headers: xml + ["Depth: 1"],
                    body: try bodyFile("listing-with-data.xml", DAVBody.listingWithData)),
            ]
        }

        func multiget(_ collection: URL, _ hrefs: [String], name: String) throws -> Request {
            Request(
                method: "REPORT", url: collection, headers: xml + ["Depth: 1"],
                body: try bodyFile(name, DAVBody.multiget(hrefs)))
        }

        /// `sync-collection` from `token`.
        func changes(_ collection: URL, since token: String) throws -> Request {
            Request(
                method: "REPORT", url: collection, headers: xml + ["Depth: 1"],
                body: try bodyFile("sync-collection.xml", DAVBody.syncCollection(token)))
        }

        /// PUT of the object resource in `file` to `url`.
        func put(_ file: String, to url: URL, ifNoneMatch: Bool) -> Request {
            Request(
                method: "PUT", url: url,
                headers: ["Content-Type: text/calendar; charset=utf-8"] + (ifNoneMatch ? ["If-None-Match: *"] : []),
                body: file)
        }

        private var xml: [String] { ["Content-Type: application/xml; charset=utf-8"] }

        /// The `sync-token` in a PROPFIND answer saved at `path`.
        static func syncToken(in path: String) -> String? {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                let open = text.range(of: "sync-token>"),
                let close = text.range(of: "</", range: open.upperBound..<text.endIndex)
            else { return nil }
            return String(text[open.upperBound..<close.lowerBound])
        }
    }

    /// How many configuration files a floor wrote, for their names.
    final class Counter {
        var value = 0
    }
}
