import Foundation

/// Another CalDAV client writing to a test server with `curl`, as a phone or a web calendar would:
/// calendars made with MKCALENDAR, to-dos put and deleted, collections deleted.
public struct CurlCalDAVClient: Sendable {
    public let server: CalDAVTestServer
    public var user: String

    /// A client of `server` as `user` (its own user unless given).
    public init(server: CalDAVTestServer, user: String? = nil) {
        self.server = server
        self.user = user ?? server.user
    }

    /// `curl` as `user`; the answer's status and body.
    @discardableResult
    public func curl(_ arguments: [String], body: String? = nil) throws -> (status: Int, body: String) {
        let folder = try TemporaryDirectory()
        var all = ["-s", "-u", "\(user):\(server.password)", "-o", folder.path("answer"), "-w", "%{http_code}"]
        if let body {
            try body.write(toFile: folder.path("body"), atomically: true, encoding: .utf8)
            all += ["--data-binary", "@" + folder.path("body")]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = all + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (Int(status) ?? 0, (try? String(contentsOfFile: folder.path("answer"), encoding: .utf8)) ?? "")
    }

    /// Renames the calendar at `url` to `name`: PROPPATCH of its `displayname`.
    public func rename(_ url: URL, to name: String) throws {
        let patch =
            #"<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>"#
            + "<D:displayname>\(name)</D:displayname></D:prop></D:set></D:propertyupdate>"
        let answer = try curl(
            ["-X", "PROPPATCH", "-H", "Content-Type: application/xml", url.absoluteString], body: patch)
        guard (200..<300).contains(answer.status) else {
            throw CalDAVTestServer.Failure(description: "PROPPATCH \(url): HTTP \(answer.status)")
        }
    }

    /// A calendar `name` at `url` for `components` (to-dos only unless told), made with MKCALENDAR.
    public func makeCalendar(_ url: URL, name: String, color: String? = nil, components: [String] = ["VTODO"]) throws {
        let colour = color.map { #"<I:calendar-color xmlns:I="http://apple.com/ns/ical/">\#($0)</I:calendar-color>"# }
        let body =
            #"<?xml version="1.0" encoding="utf-8"?>"#
            + #"<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + "<D:set><D:prop><D:displayname>\(name)</D:displayname>\(colour ?? "")"
            + "<C:supported-calendar-component-set>"
            + components.map { #"<C:comp name="\#($0)"/>"# }.joined() + "</C:supported-calendar-component-set>"
            + "</D:prop></D:set></C:mkcalendar>"
        let answer = try curl(
            ["-X", "MKCALENDAR", "-H", "Content-Type: application/xml; charset=utf-8", url.absoluteString], body: body)
        guard answer.status == 201 else {
            throw CalDAVTestServer.Failure(description: "MKCALENDAR \(url) was answered \(answer.status)")
        }
        // Xandikos drops the colour of a MKCALENDAR; a PROPPATCH keeps it.
        guard let colour else { return }
        let patch =
            #"<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>"#
            + colour + "</D:prop></D:set></D:propertyupdate>"
        try curl(
            ["-X", "PROPPATCH", "-H", "Content-Type: application/xml; charset=utf-8", url.absoluteString], body: patch)
    }

    /// PUTs a new to-do `summary` with `uid` into the collection at `collection`.
    public func put(_ summary: String, uid: String, in collection: URL) throws {
        let body = String(decoding: FakeCalDAVServer.todo(uid: uid, summary: summary), as: UTF8.self)
        let answer = try curl(
            [
                "-X", "PUT", "-H", "Content-Type: text/calendar; charset=utf-8", "-H", "If-None-Match: *",
                collection.appendingPathComponent(uid + ".ics").absoluteString,
            ], body: body)
        guard (200..<300).contains(answer.status) else {
            throw CalDAVTestServer.Failure(description: "PUT into \(collection) was answered \(answer.status)")
        }
    }

    /// DELETE of `url` (a collection or an item).
    public func delete(_ url: URL) throws {
        let answer = try curl(["-X", "DELETE", url.absoluteString])
        guard (200..<300).contains(answer.status) else {
            throw CalDAVTestServer.Failure(description: "DELETE \(url) was answered \(answer.status)")
        }
    }

    /// The UIDs of the to-dos in the collection at `url`, lower-cased, with repeats (a `calendar-query`).
    public func uids(in url: URL) throws -> [String] {
        let query =
            #"<?xml version="1.0" encoding="utf-8"?>"#
            + #"<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + #"<D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR">"#
            + #"<C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>"#
        let answer = try curl(
            ["-X", "REPORT", "-H", "Depth: 1", "-H", "Content-Type: application/xml", url.absoluteString], body: query)
        let text = answer.body.replacingOccurrences(of: "&#13;", with: "\r").replacingOccurrences(of: "\r", with: "")
        return text.replacingOccurrences(of: "\n ", with: "").components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)).lowercased() }.sorted()
    }

    /// On a Radicale server started with `CalDAVTestServer.aliceReadsBobsShared`: alice's calendar
    /// `work` ("Work"), and bob's `shared` ("Shared", read-only to alice) holding bob's to-do
    /// "team lunch" (UID `bob-lunch`).
    public static func makeSharedCalendars(on server: CalDAVTestServer) throws -> (work: URL, shared: URL) {
        let work = server.collectionURL("work")
        let shared = server.collectionURL("shared", of: "bob")
        try CurlCalDAVClient(server: server).makeCalendar(work, name: "Work")
        let bob = CurlCalDAVClient(server: server, user: "bob")
        try bob.makeCalendar(shared, name: "Shared")
        try bob.put("team lunch", uid: "bob-lunch", in: shared)
        return (work, shared)
    }
}
