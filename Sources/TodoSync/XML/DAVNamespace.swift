/// The XML namespaces WebDAV and CalDAV use.
public enum DAVNamespace {
    public static let dav = "DAV:"
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendar-server namespace, home of `getctag`.
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple's iCal namespace, home of `calendar-color` and `calendar-order`.
    public static let appleICal = "http://apple.com/ns/ical/"
}
