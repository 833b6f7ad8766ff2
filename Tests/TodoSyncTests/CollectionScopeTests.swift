import Foundation
import Testing
import TodoSync
import TodoSyncModel

/// Which URLs are items of a collection, and which origin a URL is on: the rules that keep a
/// server's hrefs (and a state file's) from sending anything elsewhere.
@Suite("Origins and collection scopes")
struct CollectionScopeTests {
    let scope = CollectionScope(URL(string: "http://dav.example:8080/cal/")!)

    /// A URL the test spells out.
    private func url(_ text: String) -> URL {
        URL(string: text)!
    }

    private func item(_ href: String) -> String? {
        URL(string: href, relativeTo: scope.collection).flatMap { scope.item($0.absoluteURL) }?.absoluteString
    }

    @Test("an href inside the collection is its item, on the collection's origin as the server wrote it")
    func inside() {
        #expect(item("x.ics") == "http://dav.example:8080/cal/x.ics")
        #expect(item("/cal/x.ics") == "http://dav.example:8080/cal/x.ics")
        #expect(item("/cal/sub/x.ics") == "http://dav.example:8080/cal/sub/x.ics")
        #expect(item("/cal/caf%C3%A9%20list.ics") == "http://dav.example:8080/cal/caf%C3%A9%20list.ics")
        #expect(item("HTTP://DAV.EXAMPLE:8080/cal/x.ics") == "http://dav.example:8080/cal/x.ics")
        #expect(item("/cal/x.ics#part") == "http://dav.example:8080/cal/x.ics")
    }

    @Test(
        "an href elsewhere is no item: another path, dot segments plain or encoded, a query, a user, another origin",
        arguments: [
            "/other/x.ics", "/calendar/x.ics", "/cal/../other/x.ics", "/cal/%2e%2e/other/x.ics",
            "/cal/%2E%2E%2Fother%2Fx.ics", "/cal/.%2e/x.ics", "http://dav.example:8080/cal/./x.ics", "/cal/a%5Cb.ics",
            "/cal/%00.ics",
            "/cal/x.ics?a=1", "http://me@dav.example:8080/cal/x.ics", "http://dav.example:8081/cal/x.ics",
            "https://dav.example:8080/cal/x.ics", "http://evil.example:8080/cal/x.ics", "//evil.example/cal/x.ics",
            "/cal/", "/cal",
        ])
    func outside(href: String) {
        #expect(item(href) == nil, "\(href)")
    }

    @Test(
        "an href's item path, read without taking it apart where it can, is the path of its item on every href",
        arguments: [
            "http://dav.example:8080/cal/", "http://dav.example:8080/cal", "https://dav.example/my%20cal/",
            "http://me@dav.example:8080/cal/", "http://dav.example:8080/cal/?q=1", "http://dav.example:8080/a/./cal/",
            "http://dav.example:8080/cal%5C/",
        ])
    func itemPathAgrees(collection: String) throws {
        let scope = CollectionScope(url(collection))
        let base = collection.hasSuffix("/") ? collection : collection + "/"
        let names = [
            "x.ics", "0a1b-C2d3_e4.f~5.ics", ".", "..", "", "x%20y.ics", "x y.ics", "x/y.ics", "x?a=1", "x#f", "a%2e",
            "..x", "x\\y", "%2e%2e", "caf%C3%A9.ics",
        ]
        let hrefs =
            names.map { base + $0 } + names.map { "http://dav.example:8080/cal/" + $0 }
            + names.map { "HTTP://DAV.EXAMPLE:8080/cal/" + $0 } + ["/cal/x.ics", "http://dav.example:8081/cal/x.ics"]
        for href in hrefs {
            // A URL relative to another is always taken apart: the answer without the shortcut.
            let parts = href.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
            let takenApart =
                parts.count == 4
                ? URL(string: String(parts[3]), relativeTo: URL(string: parts[0...2].joined(separator: "/") + "/"))
                : URL(string: href)
            let expected = takenApart.flatMap(scope.item)
            #expect(scope.itemPath(ofHref: href) == expected?.path, "\(collection) \(href)")
            #expect(scope.holds(href) == (expected != nil), "\(collection) \(href)")
            #expect(URL(string: href).flatMap(scope.item)?.absoluteString == expected?.absoluteString, "\(href)")
            // An item is never the collection, whether its URL is read by the shortcut or taken apart.
            if expected != nil {
                #expect(URL(string: href).map(scope.isCollection) == false, "\(href)")
                #expect(takenApart.map(scope.isCollection) == false, "\(href)")
            }
        }
        #expect(scope.itemPath(ofHref: base + "x.ics") == URL(string: base + "x.ics").flatMap(scope.item)?.path)
    }

    @Test("the collection itself is told apart, with or without its last slash, encoded or not")
    func collectionItself() throws {
        #expect(scope.isCollection(url("http://dav.example:8080/cal/")))
        #expect(scope.isCollection(url("http://dav.example:8080/cal")))
        #expect(!scope.isCollection(url("http://dav.example:8081/cal/")))
        let encoded = CollectionScope(url("https://dav.example/my%20cal/"))
        #expect(encoded.isCollection(url("https://dav.example/my%20cal")))
        #expect(encoded.item(url("https://dav.example/my%20cal/a.ics")) != nil)
    }

    @Test("an origin is scheme, host and port, the default port filled in, names in any case")
    func origins() throws {
        let origin = try #require(Origin(url("https://Dav.Example/dav/")))
        #expect(origin.description == "https://dav.example")
        #expect(origin.contains(url("https://dav.example:443/other")))
        #expect(!origin.contains(url("http://dav.example/")))
        #expect(!origin.contains(url("https://dav.example:8443/")))
        #expect(Origin(url("http://127.0.0.1:5232/"))?.description == "http://127.0.0.1:5232")
        #expect(Origin(url("http://[::1]:5232/"))?.description == "http://[::1]:5232")
        #expect(Origin(url("file:///etc/passwd")) == nil)
    }

    @Test("the client refuses a URL on another origin before its transport sees it")
    func clientRefusesOtherOrigins() throws {
        // Every request the transport is handed is recorded; none is answered.
        let transport = HookTransport(CurlTransport(user: "me", password: "secret", timeouts: SyncTimeouts(connect: 1)))
        transport.answer = { request, _ throws(SyncError) in
            throw .unreachable(url: request.url.absoluteString, reason: "nothing here")
        }
        let client = CalDAVClient(
            transport: transport, user: "me", origin: try #require(Origin(url("https://a.example/"))))
        let elsewhere = url("https://b.example/cal/")
        #expect(throws: SyncError.otherOrigin(url: "https://b.example/cal/", origin: "https://a.example")) {
            _ = try client.propfind(elsewhere, depth: 0, properties: ["d:getetag"])
        }
        #expect(throws: SyncError.self) {
            _ = try client.put(elsewhere.appendingPathComponent("x.ics"), [], ifMatch: nil)
        }
        #expect(throws: SyncError.self) {
            _ = try client.delete(elsewhere.appendingPathComponent("x.ics"), ifMatch: nil)
        }
        #expect(throws: SyncError.self) { _ = try client.get(elsewhere.appendingPathComponent("x.ics")) }
        #expect(transport.requests.isEmpty)
    }
}
