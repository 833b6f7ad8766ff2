import TodoCore

/// The most bytes the sync reads of one answer, by what the answer carries
/// (`HTTPRequest.maximumResponseBytes`).
///
/// A server is not trusted: without a bound, one answer of a hostile or broken server (a
/// 50 MB multistatus, an endless body) would cost the sync memory without end. Every transport
/// stops reading an answer as soon as it passes its request's bound, whatever its
/// `Content-Length` says, and the parsers bound what a read answer may cost
/// (`XMLTreeParser`, the iCalendar reader's limits).
public enum ResponseLimits {
    /// One calendar object (a GET of one to-do): 1 MiB,
    /// `ICalendarFormat.maximumObjectResourceBytes`; a larger item is unreadable anyway.
    public static let calendarObject = ICalendarFormat.maximumObjectResourceBytes

    /// A listing, a batch of calendar objects, or any other WebDAV answer: 32 MiB, about ten
    /// times what a 10,000-item collection lists (the sizes per server are in docs/sync.md).
    /// A `calendar-multiget` batch over it is split and asked again, down to
    /// one item; one item over it is unreadable, left alone.
    public static let listing = 32 << 20
}
