/// Thunderbird's resource of a daily series with one completed occurrence (a `RECURRENCE-ID`
/// VTODO beside the series, as tasks.org's fixture thunderbird/completed_repeating_task.txt has
/// it), a reminder added to the override.
public enum ThunderbirdSeries {
    /// The override's lines, BEGIN to END.
    public static let override = [
        "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01", "DTSTAMP:20201220T220139Z", "SUMMARY:Daily",
        "RECURRENCE-ID;TZID=America/Chicago:20201220T170000", "DTSTART;TZID=America/Chicago:20201220T170000",
        "DUE;TZID=America/Chicago:20201220T170000", "STATUS:COMPLETED", "COMPLETED:20201220T220139Z",
        "PERCENT-COMPLETE:100", "SEQUENCE:1", "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY",
        "DESCRIPTION:Daily", "END:VALARM", "END:VTODO",
    ]

    /// The whole resource, CRLF line ends.
    public static let resource =
        ([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN",
            "BEGIN:VTODO", "UID:e060c2b4-5a5b-4b8f-9f2e-8d2f1d1c0a01", "DTSTAMP:20201220T220139Z", "SUMMARY:Daily",
            "RRULE:FREQ=DAILY", "DTSTART;TZID=America/Chicago:20201220T170000",
            "DUE;TZID=America/Chicago:20201220T170000", "X-MOZ-GENERATION:1", "END:VTODO",
        ] + override + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
}
