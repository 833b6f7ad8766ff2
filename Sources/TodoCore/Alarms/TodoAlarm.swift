import Foundation

/// One alarm of a to-do: an iCalendar VALARM, kept as its lines.
///
/// The lines are the alarm, exactly as another program wrote them (unfolded, without CRLF) or
/// as `display(_:uid:)` made them, from `BEGIN:VALARM` to `END:VALARM`, and are written back as
/// they are: an alarm not changed here round-trips byte for byte. What todo-tui understands of
/// them is read from the lines on demand. Only a `DISPLAY` alarm with a trigger that can be
/// computed fires here (`firesHere`); `EMAIL`, `AUDIO`, unknown actions and Apple's placeholder
/// are kept and never fired.
public struct TodoAlarm: Sendable, Hashable {
    /// The alarm's lines, `BEGIN:VALARM` … `END:VALARM`.
    public let lines: [String]

    /// Apple's trigger for a location reminder that has no time (RFC 9074 §7).
    public static let placeholderTrigger = "19760401T005545Z"

    /// An alarm of these lines, kept as they are.
    public init(lines: [String]) {
        self.lines = lines
    }

    /// A new `DISPLAY` alarm, with `uid` (RFC 9074 asks for one). Its `DESCRIPTION` is the
    /// to-do's text, written by the export (`ICalendarFormat`), so it follows the text.
    public static func display(_ trigger: AlarmTrigger, uid: UUID) -> TodoAlarm {
        TodoAlarm(lines: [
            "BEGIN:VALARM", "ACTION:DISPLAY", triggerLine(trigger), "UID:\(uid.uuidString)", "END:VALARM",
        ])
    }

    /// The `TRIGGER` line for `trigger`: `TRIGGER;RELATED=END:-PT15M`,
    /// `TRIGGER;VALUE=DATE-TIME:20261201T080000Z`.
    public static func triggerLine(_ trigger: AlarmTrigger) -> String {
        switch trigger {
        case .relative(let duration, .due): "TRIGGER;RELATED=END:" + duration.iCalendar
        case .relative(let duration, .start): "TRIGGER;RELATED=START:" + duration.iCalendar
        case .absolute(let date):
            "TRIGGER;VALUE=DATE-TIME:" + utcStamp(date)
        }
    }

    /// `20261201T080000Z`: `date` as a UTC DATE-TIME.
    package static func utcStamp(_ date: Date) -> String {
        var text = ExportBuffer(capacity: UTCDateTime.basicLength)
        text.appendBasicTimestamp(date)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    /// The alarm's own properties (not those of a component nested in it), parsed.
    private var properties: [ICalendarParser.ContentLine] {
        let parser = ICalendarParser(source: "")
        var depth = 0
        var found: [ICalendarParser.ContentLine] = []
        for line in lines {
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            guard depth == 1, name != "BEGIN", let content = try? parser.contentLine(line, at: 0) else { continue }
            found.append(content)
        }
        return found
    }

    private func first(_ name: String) -> ICalendarParser.ContentLine? {
        Self.first(name, in: properties)
    }

    private static func first(
        _ name: String, in properties: [ICalendarParser.ContentLine]
    ) -> ICalendarParser
        .ContentLine?
    {
        properties.first { $0.name == name }
    }

    /// The upper-cased `ACTION` (`DISPLAY`, `AUDIO`, `EMAIL`, an `X-` name); empty when missing.
    public var action: String {
        Self.action(in: properties)
    }

    private static func action(in properties: [ICalendarParser.ContentLine]) -> String {
        first("ACTION", in: properties).map { TrimmedText.ofSpaces($0.value) }?.uppercased() ?? ""
    }

    /// The `TRIGGER`, or nil when it is missing or cannot be read.
    public var trigger: AlarmTrigger? {
        Self.trigger(in: properties)
    }

    private static func trigger(in properties: [ICalendarParser.ContentLine]) -> AlarmTrigger? {
        guard let line = first("TRIGGER", in: properties) else { return nil }
        if line.parameters["VALUE"]?.uppercased() == "DATE-TIME" || line.value.uppercased().hasSuffix("Z") {
            guard case .instant(let date)? = ParsedTimestamp.parse(line.value) else { return nil }
            return .absolute(date)
        }
        guard let duration = AlarmDuration(iCalendar: line.value) else { return nil }
        return .relative(duration, to: line.parameters["RELATED"]?.uppercased() == "END" ? .due : .start)
    }

    /// Whether the trigger is Apple's placeholder: a location reminder with no time.
    public var isPlaceholder: Bool {
        Self.isPlaceholder(properties)
    }

    private static func isPlaceholder(_ properties: [ICalendarParser.ContentLine]) -> Bool {
        first("TRIGGER", in: properties)?.value.uppercased() == placeholderTrigger
    }

    /// `REPEAT` and `DURATION`: how many more times the alarm goes off, and how far apart; nil
    /// unless both are there and readable (RFC 5545 asks for both or neither).
    public var repetition: (count: Int, interval: AlarmDuration)? {
        Self.repetition(in: properties)
    }

    private static func repetition(
        in properties: [ICalendarParser.ContentLine]
    ) -> (count: Int, interval: AlarmDuration)? {
        guard
            let count = first("REPEAT", in: properties).flatMap({ Int($0.value.trimmingCharacters(in: .whitespaces)) }),
            count > 0, let interval = first("DURATION", in: properties).flatMap({ AlarmDuration(iCalendar: $0.value) }),
            !interval.isNegative, interval != AlarmDuration()
        else { return nil }
        return (min(count, 1_000), interval)
    }

    /// `ACKNOWLEDGED` (RFC 9074): when the alarm was last dismissed, if it says.
    public var acknowledged: Date? {
        Self.acknowledged(in: properties)
    }

    private static func acknowledged(in properties: [ICalendarParser.ContentLine]) -> Date? {
        guard let line = first("ACKNOWLEDGED", in: properties),
            case .instant(let date)? = ParsedTimestamp.parse(line.value)
        else { return nil }
        return date
    }

    /// The alarm's `UID` (RFC 9074), if it has one.
    public var uid: String? {
        first("UID")?.value
    }

    /// Whether todo-tui fires this alarm: a `DISPLAY` alarm whose trigger it can read and which
    /// is not Apple's placeholder.
    public var firesHere: Bool {
        firing != nil
    }

    /// What firing the alarm needs, from one reading of its lines (each property above reads them
    /// again): its trigger, repetition and acknowledgement; nil when todo-tui does not fire it
    /// (`firesHere`).
    /// - Complexity: O(number of the alarm's lines).
    var firing: (trigger: AlarmTrigger, repetition: (count: Int, interval: AlarmDuration)?, acknowledged: Date?)? {
        let properties = properties
        guard Self.action(in: properties) == "DISPLAY", !Self.isPlaceholder(properties),
            let trigger = Self.trigger(in: properties)
        else { return nil }
        return (trigger, Self.repetition(in: properties), Self.acknowledged(in: properties))
    }

    /// Whether the alarm has a `DESCRIPTION` of its own (one made here has none; the export
    /// writes the to-do's text).
    var hasDescription: Bool {
        first("DESCRIPTION") != nil
    }

    /// This alarm with its trigger replaced by `trigger` (the `TRIGGER` line rewritten in place,
    /// every other line kept).
    public func replacingTrigger(with trigger: AlarmTrigger) -> TodoAlarm {
        var depth = 0
        var replaced = false
        let lines = self.lines.map { line -> String in
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            guard depth == 1, name == "TRIGGER", !replaced else { return line }
            replaced = true
            return Self.triggerLine(trigger)
        }
        return TodoAlarm(lines: lines)
    }

    /// Splits kept iCalendar lines into the VALARM blocks of the VTODO itself (depth 0 of the
    /// kept lines) and the rest, each in order.
    /// - Complexity: O(n) in the number of lines.
    static func extract(from kept: [String]) -> (alarms: [TodoAlarm], rest: [String]) {
        // Checked on every change of an item's boxed fields: without allocating a line per line.
        guard kept.contains(where: beginsAlarm) else { return ([], kept) }
        var alarms: [TodoAlarm] = []
        var rest: [String] = []
        var block: [String]?
        var depth = 0
        for line in kept {
            let name = ForeignProperties.propertyName(of: line)
            let value = line.drop { $0 != ":" }.dropFirst().trimmingCharacters(in: .whitespaces).uppercased()
            if block == nil, depth == 0, name == "BEGIN", value == "VALARM" {
                block = [line]
                depth = 1
                continue
            }
            if name == "BEGIN" { depth += 1 }
            if name == "END" { depth -= 1 }
            if var open = block {
                open.append(line)
                block = open
                if depth == 0 {
                    alarms.append(TodoAlarm(lines: open))
                    block = nil
                }
            } else {
                rest.append(line)
            }
        }
        // An unclosed block cannot come from the parser; kept as lines rather than lost.
        if let open = block { rest += open }
        return (alarms, rest)
    }

    /// True when `line` starts with `BEGIN:VALARM`, in any case.
    private static func beginsAlarm(_ line: String) -> Bool {
        var bytes = line.utf8.makeIterator()
        for expected in "BEGIN:VALARM".utf8 {
            guard let byte = bytes.next() else { return false }
            let isLetter = expected >= UInt8(ascii: "A") && expected <= UInt8(ascii: "Z")
            guard byte == expected || (isLetter && byte == expected + 32) else { return false }
        }
        return true
    }
}
