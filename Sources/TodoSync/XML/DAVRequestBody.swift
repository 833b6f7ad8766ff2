import Foundation

/// The XML bodies of the WebDAV and CalDAV requests the sync sends.
enum DAVRequestBody {
    private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#
    private static let namespaces =
        #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/""#
        + #" xmlns:ic="http://apple.com/ns/ical/""#

    /// A PROPFIND for the named properties, each written with its prefix (`d:`, `c:`, `cs:`, `ic:`).
    static func propfind(_ properties: [String]) -> Data {
        let props = properties.map { "<\($0)/>" }.joined()
        return Data("\(header)<d:propfind \(namespaces)><d:prop>\(props)</d:prop></d:propfind>".utf8)
    }

    /// RFC 6578 `sync-collection` from `token` ("" for the initial listing), asking for ETags.
    static func syncCollection(token: String) -> Data {
        Data(
            ("\(header)<d:sync-collection \(namespaces)><d:sync-token>\(XMLText.escaped(token))</d:sync-token>"
                + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>").utf8)
    }

    /// RFC 4791 §7.8 `calendar-query` for every VTODO's ETag.
    static let todoListing = Data(
        ("\(header)<c:calendar-query \(namespaces)><d:prop><d:getetag/></d:prop>"
            + #"<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>"#
            + "</c:calendar-query>").utf8)

    /// RFC 4791 §7.8 `calendar-query` for every VTODO's ETag and calendar data.
    static let todoListingWithData = Data(
        ("\(header)<c:calendar-query \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
            + #"<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>"#
            + "</c:calendar-query>").utf8)

    /// RFC 4791 §7.9 `calendar-multiget` of `hrefs` (paths), with ETags and calendar data.
    static func multiget(_ hrefs: [String]) -> Data {
        let list = hrefs.map { "<d:href>\(XMLText.escaped($0))</d:href>" }.joined()
        return Data(
            ("\(header)<c:calendar-multiget \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
                + "\(list)</c:calendar-multiget>").utf8)
    }

    /// RFC 4791 §5.3.1 MKCALENDAR of a to-do calendar named `displayName`, coloured `color`
    /// (Apple's `calendar-color`, `#RRGGBB`) when given.
    static func makeCalendar(displayName: String, color: String? = nil) -> Data {
        Data(
            ("\(header)<c:mkcalendar \(namespaces)><d:set><d:prop>"
                + "<d:displayname>\(XMLText.escaped(displayName))</d:displayname>"
                + (color.map { "<ic:calendar-color>\(XMLText.escaped($0))</ic:calendar-color>" } ?? "")
                + #"<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>"#
                + "</d:prop></d:set></c:mkcalendar>").utf8)
    }

    /// RFC 4918 §9.2 PROPPATCH setting `displayname` and, when given, Apple's `calendar-color`.
    static func proppatch(displayName: String, color: String?) -> Data {
        Data(
            ("\(header)<d:propertyupdate \(namespaces)><d:set><d:prop>"
                + "<d:displayname>\(XMLText.escaped(displayName))</d:displayname>"
                + (color.map { "<ic:calendar-color>\(XMLText.escaped($0))</ic:calendar-color>" } ?? "")
                + "</d:prop></d:set></d:propertyupdate>").utf8)
    }
}
