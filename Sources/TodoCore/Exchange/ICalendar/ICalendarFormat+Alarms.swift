import Foundation

extension ICalendarFormat {
    /// Writes the item's alarms inside its VTODO, each as its lines (an alarm read from another
    /// program byte for byte as read). A `DISPLAY` alarm todo-tui fires without a `DESCRIPTION` (one made here;
    /// RFC 5545 requires it) gets the to-do's text as one, after its `ACTION`.
    /// - Complexity: O(total length of the alarms).
    static func writeAlarms(of item: TodoItem, to writer: inout ICalendarWriter) {
        for alarm in item.alarms {
            let needsDescription = alarm.firesHere && !alarm.hasDescription
            for line in alarm.lines {
                writer.line(line)
                if needsDescription, ForeignProperties.propertyName(of: line) == "ACTION" {
                    writer.text("DESCRIPTION", singleLine(TextForm.iCalendar.apply(item.text)))
                }
            }
        }
    }
}
