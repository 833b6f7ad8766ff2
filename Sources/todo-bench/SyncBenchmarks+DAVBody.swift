extension SyncBenchmarks {
    /// The WebDAV bodies the floor sends: the same XML `todo-tui sync` sends.
    enum DAVBody {
        private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#
        private static let namespaces =
            #"xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/""#

        static let collectionState =
            "\(header)<d:propfind \(namespaces)><d:prop><d:sync-token/><cs:getctag/><d:resourcetype/></d:prop>"
            + "</d:propfind>"

        /// What a run asks of a calendar it links already, whose last run stored a sync token
        /// (`CalDAVClient.knownCalendar`): its type, name, privileges and token.
        static let linkedCollectionState =
            "\(header)<d:propfind \(namespaces)><d:prop><d:resourcetype/><d:displayname/>"
            + "<d:current-user-privilege-set/><d:sync-token/></d:prop></d:propfind>"

        static let listingWithData =
            "\(header)<c:calendar-query \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
            + #"<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>"#
            + "</c:calendar-query>"

        static func multiget(_ hrefs: [String]) -> String {
            "\(header)<c:calendar-multiget \(namespaces)><d:prop><d:getetag/><c:calendar-data/></d:prop>"
                + hrefs.map { "<d:href>\($0)</d:href>" }.joined() + "</c:calendar-multiget>"
        }

        static func syncCollection(_ token: String) -> String {
            "\(header)<d:sync-collection \(namespaces)><d:sync-token>\(token)</d:sync-token>"
                + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"
        }

        /// A to-do calendar named `name`. Each of the bench's calendars has a name of its own: a
        /// store's first sync links its list to a calendar of the list's name, so calendars all
        /// named "To-dos" would take in the push timed as ours (the name is a plain word).
        static func makeCalendar(named name: String) -> String {
            "\(header)<c:mkcalendar \(namespaces)><d:set><d:prop><d:displayname>\(name)</d:displayname>"
                + #"<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>"#
                + "</d:prop></d:set></c:mkcalendar>"
        }
    }
}
