import Foundation
import TodoSyncModel

/// Finds an account's calendar collections (RFC 4791 §6, RFC 6764).
///
/// From the URL a person gives: a PROPFIND for `current-user-principal` and
/// `calendar-home-set` there, and at `/.well-known/caldav` of the same server (first when the
/// URL has no path); then the principal's `calendar-home-set`; then the home's members.
/// A URL that is itself a calendar collection is used as it is.
public struct CalDAVDiscovery: Sendable {
    public let client: CalDAVClient

    public init(client: CalDAVClient) {
        self.client = client
    }

    /// The calendar home of the account at `start`, or the collection `start` itself names.
    public enum Home: Sendable, Hashable {
        case home(URL)
        case collection(CalendarCollection)
    }

    private static let startProperties = [
        "d:current-user-principal", "c:calendar-home-set", "d:resourcetype", "d:displayname",
        "c:supported-calendar-component-set",
    ]

    /// - Throws: `SyncError.notCalDAV` when no candidate answers as CalDAV; `.unauthorized`,
    ///   `.unreachable` at once.
    public func home(from start: URL) throws(SyncError) -> Home {
        let wellKnown = URL(string: "/.well-known/caldav", relativeTo: start)?.absoluteURL
        let bare = start.path.isEmpty || start.path == "/"
        let candidates = (bare ? [wellKnown, start] : [start, wellKnown]).compactMap { $0 }
        var lastReason = "it answers no CalDAV request"
        for candidate in candidates {
            let answer: Multistatus
            do {
                answer = try client.propfind(candidate, depth: 0, properties: Self.startProperties)
            } catch .notCalDAV(_, let reason) {
                lastReason = reason
                continue
            } catch .malformedResponse(_, let reason) {
                lastReason = reason
                continue
            }
            guard let response = answer.responses.first else { continue }
            if let collection = Self.collection(response), collection.acceptsTodos {
                return .collection(collection)
            }
            if let home = response.href(in: "calendar-home-set", namespace: DAVNamespace.calDAV) {
                return .home(home)
            }
            if let principal = response.href(in: "current-user-principal") {
                let found = try client.propfind(principal, depth: 0, properties: ["c:calendar-home-set"])
                if let home = found.responses.first?.href(in: "calendar-home-set", namespace: DAVNamespace.calDAV) {
                    return .home(home)
                }
                lastReason = "its principal \(principal.path) names no calendar-home-set"
            }
        }
        throw .notCalDAV(url: start.absoluteString, reason: lastReason)
    }

    /// What a PROPFIND asks of a calendar collection for `collection(_:)`.
    static let collectionProperties = [
        "d:resourcetype", "d:displayname", "c:supported-calendar-component-set", "ic:calendar-color",
        "ic:calendar-order", "d:current-user-privilege-set",
    ]

    /// The calendar collections in `home`, ordered by `calendar-order` (those without one last,
    /// in the server's order).
    public func collections(in home: URL) throws(SyncError) -> [CalendarCollection] {
        let answer = try client.propfind(home, depth: 1, properties: Self.collectionProperties)
        let found = answer.responses.compactMap(Self.collection).enumerated()
        return found.sorted { ($0.element.order ?? .max, $0.offset) < ($1.element.order ?? .max, $1.offset) }
            .map(\.element)
    }

    /// The collection a response describes, if it is a calendar.
    static func collection(_ response: Multistatus.Response) -> CalendarCollection? {
        guard let type = response.property("resourcetype"), type.child("calendar", in: DAVNamespace.calDAV) != nil
        else { return nil }
        let components = response.property("supported-calendar-component-set", in: DAVNamespace.calDAV)?
            .children("comp", in: DAVNamespace.calDAV).compactMap { $0.attributes["name"]?.uppercased() }
        var url = response.url
        if !url.absoluteString.hasSuffix("/") { url = URL(string: url.absoluteString + "/") ?? url }
        return CalendarCollection(
            url: url, displayName: response.text("displayname"),
            acceptsTodos: components.map { $0.contains("VTODO") } ?? true,
            onlyTodos: components == ["VTODO"], color: response.text("calendar-color", in: DAVNamespace.appleICal),
            order: response.text("calendar-order", in: DAVNamespace.appleICal).flatMap { Int($0) },
            writable: isWritable(response.property("current-user-privilege-set")))
    }

    /// Whether a `current-user-privilege-set` lets the account change the collection's items:
    /// `all`, `write` or `write-content` granted (the aggregates of RFC 3744 §3.12), or no set
    /// given at all (then a refused write says so).
    static func isWritable(_ privileges: XMLNode?) -> Bool {
        guard let privileges else { return true }
        let granted = privileges.children("privilege").flatMap(\.children)
        return granted.contains {
            $0.namespace == DAVNamespace.dav && ["all", "write", "write-content"].contains($0.name)
        }
    }

    /// Creates a to-do calendar named `name` in `home`, at a path made from the name.
    public func makeCollection(named name: String, in home: URL) throws(SyncError) -> CalendarCollection {
        let slug = String(
            name.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }.filter { $0.isASCII })
        let segment = slug.isEmpty ? "todos" : slug
        guard let url = URL(string: segment + "/", relativeTo: home)?.absoluteURL else {
            throw .invalidURL(home.absoluteString + segment)
        }
        try client.makeCalendar(url, displayName: name)
        return CalendarCollection(url: url, displayName: name, acceptsTodos: true, onlyTodos: true)
    }
}
