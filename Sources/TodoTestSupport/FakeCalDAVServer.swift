import Foundation

/// A CalDAV server in memory, on `FakeHTTPServer`, that a test can make hostile or broken:
/// list members outside its collection, answer every PUT with one status, name a calendar on
/// another origin, or answer any request its own way (`Behaviour.answer`).
///
/// It speaks just enough of RFC 4791, 4918 and 6578 for `todo-tui sync setup` and `todo-tui
/// sync`: discovery (`/.well-known/caldav` → `/principal/` → `/home/` → `/cal/`), PROPFIND of
/// the collection's markers, `sync-collection` (always the whole collection), `calendar-query`,
/// `calendar-multiget`, and GET, PUT and DELETE with `If-Match` and `If-None-Match`. It checks
/// Basic credentials `alice`/`secret`. Real servers are for everything else.
public final class FakeCalDAVServer: @unchecked Sendable {
    public static let user = "alice"
    public static let password = "secret"

    /// What the server does beyond an honest collection.
    public struct Behaviour: Sendable {
        /// The collection's `displayname`.
        public var displayName = "To-dos"
        /// The calendars the home lists besides `/cal/`, by href (another origin's, say).
        public var otherCalendars: [String] = []
        /// Whether the home lists `/cal/` at all.
        public var listsOwnCalendar = true
        /// Hrefs every listing names as members besides the items, with their ETags.
        public var extraMembers: [String: String] = [:]
        /// The status of every PUT, instead of storing it.
        public var putStatus: Int?
        /// Whether the collection has a `sync-token` (RFC 6578); without one, only its `getctag`
        /// tells that it changed, as on servers older than sync-collection.
        public var hasSyncToken = true
        /// Answers a request before the server does, when it returns one.
        public var answer: @Sendable (FakeHTTPServer.Request) -> FakeHTTPServer.Response? = { _ in nil }

        public init() {}
    }

    private struct Item {
        var etag: String
        var bytes: [UInt8]
        /// The bytes as XML character data, made once: a 40 MiB item is sent several times.
        var calendarData: Data

        init(etag: String, bytes: [UInt8]) {
            self.etag = etag
            self.bytes = bytes
            calendarData = Data(FakeCalDAVServer.escaped(String(decoding: bytes, as: UTF8.self)).utf8)
        }
    }

    private let lock = NSLock()
    private var behaviour = Behaviour()
    private var items: [String: Item] = [:]
    private var removed: Set<String> = []
    private var generation = 0
    private var server: FakeHTTPServer?

    /// The path of the one collection.
    public static let collectionPath = "/cal/"

    /// Starts the server on a free port of 127.0.0.1.
    public init() throws {
        server = try FakeHTTPServer(name: "origin") { [weak self] request in
            self?.handle(request) ?? FakeHTTPServer.Response(status: 503)
        }
    }

    deinit {
        server?.stop()
    }

    private var http: FakeHTTPServer {
        // Set in init, before any request can arrive.
        server!
    }

    /// `http://127.0.0.1:<port>/`.
    public var rootURL: URL { http.rootURL }

    /// The collection's URL.
    public var collectionURL: URL { URL(string: Self.collectionPath, relativeTo: rootURL)!.absoluteURL }

    /// Every request received so far (`FakeHTTPServer.log`).
    public var log: [String] { http.log }

    public func stop() {
        http.stop()
    }

    /// Changes what the server does.
    public func configure(_ change: (inout Behaviour) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&behaviour)
    }

    /// Stores `bytes` at `path` as another client would (a new ETag, a new sync token).
    public func store(_ bytes: [UInt8], at path: String) {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
        items[path] = Item(etag: "\"e\(generation)\"", bytes: bytes)
        removed.remove(path)
    }

    /// The paths of the items held, sorted.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items.keys.sorted()
    }

    /// The item at `path`, as stored.
    public func item(at path: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return items[path]?.bytes
    }

    /// A VTODO object resource with `uid` and `summary`, and `extra` lines inside the VTODO.
    public static func todo(uid: String, summary: String, extra: [String] = []) -> [UInt8] {
        let lines =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//fake//fake//EN", "BEGIN:VTODO", "UID:\(uid)"]
            + ["DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)", "DUE:20260102T100000Z"] + extra
            + ["END:VTODO", "END:VCALENDAR", ""]
        return Array(lines.joined(separator: "\r\n").utf8)
    }

    // MARK: Answering

    private func handle(_ request: FakeHTTPServer.Request) -> FakeHTTPServer.Response {
        let answer = locked { $0.behaviour.answer }
        if let response = answer(request) { return response }
        let expected = "Basic " + Data("\(Self.user):\(Self.password)".utf8).base64EncodedString()
        guard request.headers["authorization"] == expected else {
            return .init(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"fake\""])
        }
        let path = request.target.components(separatedBy: "?")[0]
        switch (request.method, path) {
        case ("PROPFIND", "/"), ("PROPFIND", "/.well-known/caldav"):
            return Self.multistatus([
                Self.member(
                    path, props: "<d:current-user-principal><d:href>/principal/</d:href></d:current-user-principal>")
            ])
        case ("PROPFIND", "/principal/"):
            return Self.multistatus([
                Self.member(path, props: "<c:calendar-home-set><d:href>/home/</d:href></c:calendar-home-set>")
            ])
        case ("PROPFIND", "/home/"):
            return home()
        case ("PROPFIND", Self.collectionPath):
            let (token, hasSyncToken) = locked { ("tok-\($0.generation)", $0.behaviour.hasSyncToken) }
            return Self.multistatus([
                Self.member(
                    path,
                    props: (hasSyncToken ? "<d:sync-token>\(token)</d:sync-token>" : "")
                        + "<cs:getctag>\(token)</cs:getctag>"
                        + "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>")
            ])
        case ("PROPFIND", _):
            guard let etag = locked({ $0.items[path]?.etag }) else { return .init(status: 404) }
            return Self.multistatus([Self.member(path, props: "<d:getetag>\(Self.escaped(etag))</d:getetag>")])
        case ("REPORT", Self.collectionPath):
            return report(request.text)
        case ("GET", _):
            guard let item = locked({ $0.items[path] }) else { return .init(status: 404) }
            return .init(status: 200, headers: ["ETag": item.etag], body: Data(item.bytes))
        case ("PUT", _):
            return put(path, request)
        case ("DELETE", _):
            return delete(path, request)
        default:
            return .init(status: 405)
        }
    }

    private func locked<Result>(_ body: (FakeCalDAVServer) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }

    private func home() -> FakeHTTPServer.Response {
        let (name, others, ownListed) = locked {
            ($0.behaviour.displayName, $0.behaviour.otherCalendars, $0.behaviour.listsOwnCalendar)
        }
        let calendar = { (href: String) in
            Self.member(
                href,
                props: "<d:resourcetype><d:collection/><c:calendar/></d:resourcetype>"
                    + "<d:displayname>\(Self.escaped(name))</d:displayname>"
                    + #"<c:supported-calendar-component-set><c:comp name="VTODO"/>"#
                    + "</c:supported-calendar-component-set>"
            )
        }
        let home = Self.member("/home/", props: "<d:resourcetype><d:collection/></d:resourcetype>")
        return Self.multistatus([home] + (ownListed ? [calendar(Self.collectionPath)] : []) + others.map(calendar))
    }

    private func report(_ body: String) -> FakeHTTPServer.Response {
        lock.lock()
        let items = self.items
        let extra = behaviour.extraMembers
        let gone = removed
        let token = "tok-\(generation)"
        lock.unlock()
        if body.contains("calendar-multiget") {
            let hrefs = body.components(separatedBy: "<d:href>").dropFirst().compactMap {
                $0.components(separatedBy: "</d:href>").first
            }
            var data = Data(Self.multistatusHead.utf8)
            for href in hrefs {
                guard let item = items[href] else {
                    data.append(contentsOf: Self.missing(href).utf8)
                    continue
                }
                let head = Self.member(
                    href, props: "<d:getetag>\(Self.escaped(item.etag))</d:getetag><c:calendar-data>\u{0}")
                let parts = head.components(separatedBy: "\u{0}")
                data.append(contentsOf: parts[0].utf8)
                data.append(item.calendarData)
                data.append(contentsOf: ("</c:calendar-data>" + parts[1]).utf8)
            }
            data.append(contentsOf: "</d:multistatus>".utf8)
            return .init(status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"], body: data)
        }
        var members = items.sorted { $0.key < $1.key }.map { path, item in
            Self.member(path, props: "<d:getetag>\(Self.escaped(item.etag))</d:getetag>")
        }
        members += extra.sorted { $0.key < $1.key }.map { href, etag in
            Self.member(href, props: "<d:getetag>\(Self.escaped(etag))</d:getetag>")
        }
        guard body.contains("sync-collection") else { return Self.multistatus(members) }
        return Self.multistatus(members + gone.sorted().map(Self.missing), syncToken: token)
    }

    private func put(_ path: String, _ request: FakeHTTPServer.Request) -> FakeHTTPServer.Response {
        lock.lock()
        defer { lock.unlock() }
        if let status = behaviour.putStatus { return .init(status: status) }
        let current = items[path]
        if request.headers["if-none-match"] == "*", current != nil { return .init(status: 412) }
        if let match = request.headers["if-match"], current?.etag != match { return .init(status: 412) }
        generation += 1
        let etag = "\"e\(generation)\""
        items[path] = Item(etag: etag, bytes: Array(request.body))
        removed.remove(path)
        return .init(status: current == nil ? 201 : 204, headers: ["ETag": etag])
    }

    private func delete(_ path: String, _ request: FakeHTTPServer.Request) -> FakeHTTPServer.Response {
        lock.lock()
        defer { lock.unlock() }
        guard let current = items[path] else { return .init(status: 404) }
        if let match = request.headers["if-match"], current.etag != match { return .init(status: 412) }
        generation += 1
        items[path] = nil
        removed.insert(path)
        return .init(status: 204)
    }

    // MARK: XML

    private static func multistatus(_ members: [String], syncToken: String? = nil) -> FakeHTTPServer.Response {
        let body =
            multistatusHead + members.joined() + (syncToken.map { "<d:sync-token>\($0)</d:sync-token>" } ?? "")
            + "</d:multistatus>"
        return .init(status: 207, headers: ["Content-Type": "application/xml; charset=utf-8"], text: body)
    }

    private static let multistatusHead =
        #"<?xml version="1.0" encoding="utf-8"?>"#
        + #"<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" "#
        + #"xmlns:cs="http://calendarserver.org/ns/">"#

    private static func member(_ href: String, props: String) -> String {
        "<d:response><d:href>\(escaped(href))</d:href><d:propstat><d:prop>\(props)</d:prop>"
            + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
    }

    private static func missing(_ href: String) -> String {
        "<d:response><d:href>\(escaped(href))</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>"
    }

    /// `text` as XML character data.
    public static func escaped(_ text: String) -> String {
        // Most text has nothing to escape; a 40 MiB item should not cost three passes.
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
