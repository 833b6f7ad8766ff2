import Foundation

extension TodoItem {
    /// The VTODO property that says when the to-do's alarms were last dismissed or snoozed
    /// (Thunderbird's and tasks.org's): every alarm due at or before it counts as dismissed.
    static let lastAcknowledgedProperty = "X-MOZ-LASTACK"
    /// The VTODO property that says until when a snoozed alarm sleeps (Thunderbird, tasks.org).
    static let snoozeProperty = "X-MOZ-SNOOZE-TIME"

    /// When the to-do's alarms were last dismissed or snoozed, here or on another device
    /// (`X-MOZ-LASTACK`); nil when never. Setting it writes that line among the kept iCalendar
    /// lines, so it syncs.
    public var alarmsAcknowledged: Date? {
        get { keptInstant(Self.lastAcknowledgedProperty) }
        set { setKeptInstant(Self.lastAcknowledgedProperty, newValue) }
    }

    /// Until when the to-do's alarm is snoozed (`X-MOZ-SNOOZE-TIME`): it goes off again then.
    public var alarmSnoozedUntil: Date? {
        get { keptInstant(Self.snoozeProperty) }
        set { setKeptInstant(Self.snoozeProperty, newValue) }
    }

    /// Dismisses every alarm due by `now`: `X-MOZ-LASTACK` becomes `now` and a snooze ends, as
    /// Thunderbird does, so the phone stops showing it too.
    public mutating func dismissAlarms(at now: Date) {
        alarmsAcknowledged = now
        alarmSnoozedUntil = nil
    }

    /// Dismisses the alarms due by `now` and has them go off again at `until`.
    public mutating func snoozeAlarms(at now: Date, until: Date) {
        alarmsAcknowledged = now
        alarmSnoozedUntil = until
    }

    /// When `alarm` goes off first, or nil when it cannot be told: a relative alarm on a to-do
    /// without the date it counts from. A whole-day anchor counts from the start of its day in
    /// `calendar` (local midnight, as Thunderbird does).
    /// - Complexity: O(number of the alarm's lines).
    public func firstInstant(of alarm: TodoAlarm, calendar: Calendar) -> Date? {
        alarm.trigger.flatMap { firstInstant(of: $0, calendar: calendar) }
    }

    /// When `trigger` goes off first on this to-do (see `firstInstant(of:calendar:)`).
    private func firstInstant(of trigger: AlarmTrigger, calendar: Calendar) -> Date? {
        switch trigger {
        case .absolute(let date):
            return date
        case .relative(let duration, let anchor):
            guard let date = anchor == .due ? dueDate : startDate else { return nil }
            let base = date.hasTime ? date.date : calendar.startOfDay(for: date.date)
            return duration.added(to: base, calendar: calendar)
        }
    }

    /// Every instant the to-do's alarms go off that is not dismissed, in order: each firing
    /// alarm's first instant and its repetitions (`REPEAT`/`DURATION`), minus those at or before
    /// `alarmsAcknowledged` or the alarm's own `ACKNOWLEDGED`, plus a snooze's end when it is
    /// later than the last dismissal. None for a done to-do.
    /// - Complexity: O(alarms × repetitions).
    public func alarmInstants(calendar: Calendar) -> [Date] {
        guard !isDone, !alarms.isEmpty || alarmSnoozedUntil != nil else { return [] }
        let dismissed = alarmsAcknowledged
        var instants: [Date] = []
        for alarm in alarms {
            guard let firing = alarm.firing, let first = firstInstant(of: firing.trigger, calendar: calendar) else {
                continue
            }
            let acknowledged = [dismissed, firing.acknowledged].compactMap { $0 }.max()
            var instant = first
            for index in 0...(firing.repetition?.count ?? 0) {
                if index > 0, let interval = firing.repetition?.interval {
                    instant = interval.added(to: instant, calendar: calendar)
                }
                if acknowledged.map({ instant > $0 }) ?? true { instants.append(instant) }
            }
        }
        if let snooze = alarmSnoozedUntil, dismissed.map({ snooze > $0 }) ?? true {
            instants.append(snooze)
        }
        return instants.sorted()
    }

    /// The alarms that would fire but count from a date the to-do does not have (a relative
    /// alarm on a to-do whose due date or start was removed): kept as they are, not fired.
    public var alarmsWithoutAnchor: [TodoAlarm] {
        alarms.filter { alarm in
            guard alarm.action == "DISPLAY", case .relative(_, let anchor)? = alarm.trigger else { return false }
            return anchor == .due ? date == nil : start == nil
        }
    }

    /// This to-do with each absolute alarm (but Apple's placeholder) moved by `delta`; relative
    /// alarms follow their date by themselves. For a repeating to-do advancing to its next
    /// occurrence: call it with the distance the due date (or start) moved, so that the
    /// occurrence's alarms keep their distance from it (tasks.org does the same).
    /// - Complexity: O(total lines of the alarms).
    public func shiftingAbsoluteAlarms(by delta: TimeInterval) -> TodoItem {
        guard delta != 0, !alarms.isEmpty else { return self }
        var shifted = self
        shifted.alarms = alarms.map { alarm in
            guard !alarm.isPlaceholder, case .absolute(let date)? = alarm.trigger else { return alarm }
            return alarm.replacingTrigger(with: .absolute(date.addingTimeInterval(delta)))
        }
        return shifted
    }

    /// The instant of the VTODO-level kept line `name` (a UTC DATE-TIME), if there is one.
    private func keptInstant(_ name: String) -> Date? {
        let prefix = name + ":"
        guard let line = foreign.iCalendar.first(where: { $0.uppercased().hasPrefix(prefix) }),
            case .instant(let date)? = ParsedTimestamp.parse(line.dropFirst(prefix.count))
        else { return nil }
        return date
    }

    /// Writes `name:<UTC>` in place of the kept line (appended when there was none), or removes
    /// it for nil.
    private mutating func setKeptInstant(_ name: String, _ date: Date?) {
        let prefix = name + ":"
        var lines = foreign.iCalendar
        let index = lines.firstIndex { $0.uppercased().hasPrefix(prefix) }
        switch (index, date) {
        case (let index?, let date?): lines[index] = prefix + TodoAlarm.utcStamp(date)
        case (nil, let date?): lines.append(prefix + TodoAlarm.utcStamp(date))
        case (let index?, nil): lines.remove(at: index)
        case (nil, nil): return
        }
        foreign.iCalendar = lines
    }
}
