import Foundation

/// A Markdown checklist under day headings, for reading and sharing rather than keeping.
///
/// ```
/// ## 2026-11-20 (Fri)
///
/// - [ ] Buy milk
/// - [x] Call \<Mum\>
/// ```
/// Headings are absolute days, ISO date and weekday, in list order (the items without a date
/// under `## No date`), so a file means the same days whenever it is read (relative titles such
/// as "Today" went stale by the next day); items are GitHub task-list items. Characters that
/// could start Markdown or HTML markup (`` \ ` * _ [ ] < > & | ~ ``) are backslash-escaped,
/// which CommonMark defines for every ASCII punctuation character, so the text renders literally.
/// Control characters (line breaks, tabs, escapes) are replaced by spaces: a line break inside an
/// item would end it. Colours and ids are not written.
enum MarkdownFormat {
    /// The ASCII characters escaped with a backslash. UTF-8 never uses ASCII bytes inside a
    /// multi-byte sequence, so escaping works on bytes.
    static let escaped: Set<UInt8> = Set("\\`*_[]<>&|~".utf8)
    /// The heading of the items without a date.
    static let undatedHeading = SectionInfo.undatedTitle

    /// The items as a checklist, a new heading wherever the day changes.
    /// - Parameters:
    ///   - now: not used: headings are absolute (the parameter keeps every format's signature).
    ///   - calendar: defines days and weekdays, in its time zone.
    /// - Complexity: O(total length of the items) plus calendar lookups per distinct day.
    static func export(_ items: [TodoItem], now: Date, calendar: Calendar) -> [UInt8] {
        let days = CalendarDayCache(calendar: calendar)
        var buffer = ExportBuffer(capacity: items.count * 60)
        var currentDay: String?
        for item in items {
            let day = item.date.map(days.name(of:)) ?? undatedHeading
            if day != currentDay {
                buffer.append(currentDay == nil ? "## " : "\n## ")
                buffer.append(
                    item.date.map { heading(day: day, weekday: calendar.component(.weekday, from: $0)) }
                        ?? undatedHeading)
                buffer.append("\n\n")
                currentDay = day
            }
            buffer.append(item.isDone ? "- [x] " : "- [ ] ")
            appendEscaped(item.text, to: &buffer)
            buffer.append(UInt8(ascii: "\n"))
        }
        return buffer.bytes
    }

    /// `2026-11-20 (Fri)`: the day's ISO name and its weekday (1 is Sunday, as `Calendar` counts).
    static func heading(day: String, weekday: Int) -> String {
        let names = SectionTitleFormatter.weekdays
        return "\(day) (\(names[(weekday - 1 + names.count) % names.count]))"
    }

    private static func appendEscaped(_ value: String, to buffer: inout ExportBuffer) {
        for byte in TextForm.singleLine.apply(value).utf8 {
            if escaped.contains(byte) { buffer.append(UInt8(ascii: "\\")) }
            buffer.append(byte)
        }
    }
}
