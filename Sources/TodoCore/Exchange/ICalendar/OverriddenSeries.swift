import Foundation

/// A repeating to-do read from a resource that also holds VTODOs overriding single occurrences
/// (`RECURRENCE-ID`, as Thunderbird, eM Client and jtx Board write a completed or moved
/// occurrence), seen from its kept iCalendar lines: the series' own `DTSTART` and `DUE` (kept
/// as read, never moved here) and the overrides.
///
/// Such a series is completed one occurrence at a time by adding a completed override, never by
/// moving the series itself, which those programs would then show beside the override. The
/// to-do shows the series' current occurrence (`current(of:)`): the first one that no override
/// completed, with the dates an override moved it to.
struct OverriddenSeries {
    /// One occurrence: its `RECURRENCE-ID` instant (where the rule puts it) and the dates the
    /// to-do shows for it.
    struct Occurrence: Equatable {
        var id: Date
        var start: ItemDate?
        var due: ItemDate?
    }

    /// Where the to-do stands in the series.
    enum Position: Equatable {
        /// This occurrence is the first no override completed.
        case open(Occurrence)
        /// Every occurrence is completed; the last one, when the series has any.
        case finished(Occurrence?)
    }

    /// One overriding VTODO.
    private struct Override {
        var index: Int
        var key: Int
        var isCompleted: Bool
        var start: ItemDate?
        var due: ItemDate?
        /// Its `SEQUENCE` (0 without one) and `LAST-MODIFIED` value: which of two versions is newer.
        var sequence: Int
        var lastModified: String
    }

    /// The series' own `DTSTART` and `DUE` lines, parsed.
    private let startLine: ICalendarParser.ContentLine?
    private let dueLine: ICalendarParser.ContentLine?
    private let start: ItemDate?
    private let due: ItemDate?
    /// The series' wall clock: the zone its `DTSTART` (else `DUE`) names, else the caller's.
    let calendar: Calendar
    private let overrides: [Override]
    /// Every kept override, all its lines.
    private let blocks: [[String]]

    /// The series the kept lines hold; nil when they hold no override, or the series has neither
    /// `DTSTART` nor `DUE` that reads as a date.
    /// - Complexity: O(n) in the number of lines.
    init?(_ foreign: ForeignProperties, calendar: Calendar) {
        let kept = KeptLines(foreign.iCalendar)
        guard !kept.overrides.isEmpty else { return nil }
        var calendar = calendar
        startLine = kept.originalLine("DTSTART")
        dueLine = kept.originalLine("DUE")
        guard let anchorLine = startLine ?? dueLine else { return nil }
        if !ICalendarFormat.isDate(anchorLine), let zone = foreign.timeZoneOfDates { calendar.timeZone = zone }
        self.calendar = calendar
        start = startLine.flatMap { Self.date(of: $0, calendar: calendar) }
        due = dueLine.flatMap { Self.date(of: $0, calendar: calendar) }
        guard let anchor = start ?? due else { return nil }
        blocks = kept.overrides
        let parser = ICalendarParser(source: "")
        overrides = kept.overrides.enumerated().compactMap { index, block in
            var depth = 0
            var own: [String: ICalendarParser.ContentLine] = [:]
            for line in block {
                let name = ForeignProperties.propertyName(of: line)
                if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
                guard depth == 1, name != "BEGIN", own[name] == nil,
                    let content = try? parser.contentLine(line, at: 0)
                else { continue }
                own[name] = content
            }
            guard let idLine = own["RECURRENCE-ID"], let id = Self.date(of: idLine, calendar: calendar) else {
                return nil
            }
            let isCompleted = ICalendarFormat.isDone(
                status: own["STATUS"]?.value, hasCompleted: own["COMPLETED"] != nil,
                percent: own["PERCENT-COMPLETE"]?.value)
            return Override(
                index: index, key: Self.key(of: id.date, wholeDay: !anchor.hasTime, calendar: calendar),
                isCompleted: isCompleted, start: own["DTSTART"].flatMap { Self.date(of: $0, calendar: calendar) },
                due: own["DUE"].flatMap { Self.date(of: $0, calendar: calendar) },
                sequence: own["SEQUENCE"].flatMap { Int(TrimmedText.ofSpaces($0.value)) } ?? 0,
                lastModified: own["LAST-MODIFIED"]?.value ?? "")
        }
    }

    /// The series' first occurrence: its `DTSTART`, else its `DUE` (as Thunderbird anchors a
    /// VTODO without `DTSTART`).
    private var anchor: ItemDate? { start ?? due }

    /// Where the to-do stands: the first occurrence of `repetition` (from the series' own start,
    /// `EXDATE`s left out) that no override completed, or `finished` when the series has no
    /// such occurrence. An occurrence an open override moved shows that override's dates.
    /// - Complexity: as `Repetition.occurrences(seriesStart:isWholeDay:in:after:limit:)` for one
    ///   more occurrence than there are completed overrides.
    func current(of repetition: Repetition) -> Position {
        guard let anchor else { return .finished(nil) }
        let completed = Set(overrides.filter(\.isCompleted).map(\.key))
        let candidates = repetition.occurrences(
            seriesStart: anchor.date, isWholeDay: !anchor.hasTime, in: calendar, limit: completed.count + 1)
        guard let open = candidates.first(where: { !completed.contains(key(of: $0)) }) else {
            return .finished(candidates.last.map(occurrence(at:)))
        }
        return .open(occurrence(at: open))
    }

    /// How many occurrences of `repetition` no override completed, when its rule has a `COUNT`:
    /// what is left of the series, the shown occurrence included, as `COUNT` says it of a series
    /// advanced in place. Nil without a `COUNT`.
    /// - Complexity: as `Repetition.occurrences(seriesStart:isWholeDay:in:after:limit:)` for
    ///   `COUNT` occurrences.
    func openCount(of repetition: Repetition) -> Int? {
        guard let count = repetition.rule.count, let anchor else { return nil }
        let completed = Set(overrides.filter(\.isCompleted).map(\.key))
        return repetition.occurrences(
            seriesStart: anchor.date, isWholeDay: !anchor.hasTime, in: calendar, limit: count
        ).filter { !completed.contains(key(of: $0)) }.count
    }

    /// The occurrence the rule puts at `id`: its start there, its due date the series' own
    /// moved by as many calendar days at the same wall-clock time; an open override's own
    /// dates when one moved it.
    private func occurrence(at id: Date) -> Occurrence {
        let anchor = anchor ?? ItemDate(date: id, hasTime: true)
        let days = TodoItem.daysBetween(anchor.date, id, in: calendar)
        var result = Occurrence(
            id: id, start: start.map { ItemDate(date: id, hasTime: $0.hasTime) },
            due: start == nil
                ? ItemDate(date: id, hasTime: anchor.hasTime)
                : due.map { ItemDate(date: TodoItem.moving($0.date, byDays: days, in: calendar), hasTime: $0.hasTime) }
        )
        if let moved = overrides.last(where: { $0.key == key(of: id) && !$0.isCompleted }) {
            result.start = moved.start ?? result.start
            result.due = moved.due ?? result.due
        }
        return result
    }

    /// Whether the item shows what the series says (`current(of:)`): its dates those of the
    /// current (or, finished, the last) occurrence. The export then writes the series' own
    /// `DTSTART` and `DUE` as read; dates changed here are written as the series' own instead.
    /// - Complexity: as `current(of:)`.
    func isShown(by item: TodoItem) -> Bool {
        guard let repeating = item.repetition else { return false }
        let occurrence: Occurrence?
        switch current(of: repeating.repetition) {
        case .open(let open): occurrence = open
        case .finished(let last): occurrence = last
        }
        guard let occurrence else { return false }
        return Self.same(item.startDate, occurrence.start) && Self.same(item.dueDate, occurrence.due)
    }

    /// Puts `position` in an imported record: the occurrence's dates; a finished series is done.
    /// - Complexity: O(1).
    static func show(_ position: Position, in record: inout ImportRecord) {
        let shown: Occurrence?
        switch position {
        case .open(let open): shown = open
        case .finished(let last):
            shown = last
            record.isDone = true
        }
        guard let shown else { return }
        record.date = shown.due?.date
        record.hasTime = shown.due?.hasTime ?? true
        record.start = shown.start?.date
        record.startHasTime = shown.start?.hasTime ?? true
    }

    /// The series' own `DUE` and `DTSTART` lines as read, in the order the export writes them.
    var ownDateLines: [String] {
        [dueLine, startLine].compactMap { $0?.raw }
    }

    /// The kept lines of `foreign` with `occurrence` completed at `now`: its override, when one
    /// exists, gets `STATUS:COMPLETED`, `COMPLETED` and `PERCENT-COMPLETE:100` (its other lines
    /// kept, its `SEQUENCE` one higher); otherwise a new override is added after the others, in
    /// Thunderbird's shape: `UID`, `RECURRENCE-ID` written as the series' `DTSTART` (else `DUE`)
    /// is — a DATE, a time in its `TZID`, UTC or floating —, the occurrence's `DTSTART` and `DUE`
    /// in the series' forms, `SUMMARY`, the completion and `SEQUENCE:1`.
    /// - Complexity: O(n) in the number of kept lines.
    func completing(
        _ occurrence: Occurrence, in foreign: ForeignProperties, uid: String, summary: String, now: Date
    ) -> [String] {
        let completion = ["STATUS:COMPLETED", "COMPLETED:" + TodoAlarm.utcStamp(now), "PERCENT-COMPLETE:100"]
        let id = key(of: occurrence.id)
        if let existing = overrides.last(where: { $0.key == id }) {
            let replaced = Self.replacingCompletion(of: blocks[existing.index], with: completion)
            var lines = foreign.iCalendar
            guard let range = Self.range(ofOverride: existing.index, in: lines) else { return lines }
            lines.replaceSubrange(range, with: replaced)
            return lines
        }
        guard let anchorLine = startLine ?? dueLine else { return foreign.iCalendar }
        var block = ["BEGIN:VTODO", uid, "DTSTAMP:" + TodoAlarm.utcStamp(now)]
        block.append(line(anchorLine, named: "RECURRENCE-ID", at: occurrence.id))
        if let startLine, let date = occurrence.start { block.append(line(startLine, named: "DTSTART", at: date.date)) }
        if let dueLine, let date = occurrence.due { block.append(line(dueLine, named: "DUE", at: date.date)) }
        block.append(summary)
        block += completion + ["SEQUENCE:1", "END:VTODO"]
        return foreign.iCalendar + block
    }

    /// The kept lines of `foreign` with the completed override of `occurrence` open again, as
    /// reopening a finished series undoes its last completion: an override this program added
    /// holding nothing but the completion (`isOnlyCompletion(_:of:)`) is removed; any other gets
    /// `STATUS:NEEDS-ACTION` and `PERCENT-COMPLETE:0` instead of its completion lines (its other
    /// lines kept, its `SEQUENCE` one higher). The lines as they are when no override completed it.
    /// - Complexity: O(n) in the number of kept lines.
    func reopening(_ occurrence: Occurrence, in foreign: ForeignProperties) -> [String] {
        let id = key(of: occurrence.id)
        var lines = foreign.iCalendar
        guard let existing = overrides.last(where: { $0.key == id && $0.isCompleted }),
            let range = Self.range(ofOverride: existing.index, in: lines)
        else { return lines }
        if isOnlyCompletion(existing, of: occurrence) {
            lines.removeSubrange(range)
        } else {
            lines.replaceSubrange(
                range,
                with: Self.replacingCompletion(
                    of: blocks[existing.index], with: ["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:0"]))
        }
        return lines
    }

    /// Whether `override` is one `completing(_:in:uid:summary:now:)` added and nothing changed
    /// since: only the properties it writes, `SEQUENCE:1`, no component inside, and the dates the
    /// rule gives `occurrence`. Removing it loses nothing another program wrote.
    private func isOnlyCompletion(_ override: Override, of occurrence: Occurrence) -> Bool {
        let written: Set<String> = [
            "UID", "DTSTAMP", "RECURRENCE-ID", "DTSTART", "DUE", "SUMMARY", "STATUS", "COMPLETED", "PERCENT-COMPLETE",
            "SEQUENCE",
        ]
        let block = blocks[override.index]
        let inner = block.dropFirst().dropLast()
        guard
            inner.allSatisfy({ line in
                let name = ForeignProperties.propertyName(of: line)
                return name != "BEGIN" && name != "END" && written.contains(name)
            }),
            inner.contains(where: { $0.replacingOccurrences(of: " ", with: "").uppercased() == "SEQUENCE:1" })
        else { return false }
        return Self.same(override.start, occurrence.start) && Self.same(override.due, occurrence.due)
    }

    /// The kept lines of `foreign` (one side's series) with the overrides of `ours` and `theirs`,
    /// both changed since `base`, merged occurrence by occurrence (`RECURRENCE-ID`): an override
    /// one side left as in `base` takes the other side's version (or its removal); one both sides
    /// changed takes the newer, by `SEQUENCE` then `LAST-MODIFIED` (`ours` on a tie), and one
    /// side's removal gives way to the other's change. Occurrences keep `ours`' order, `theirs`'
    /// new ones after. The series' own lines are `foreign`'s.
    /// - Complexity: O(n) in the number of kept lines of the three.
    static func merging(
        base: OverriddenSeries?, ours: OverriddenSeries, theirs: OverriddenSeries, into foreign: ForeignProperties
    ) -> [String] {
        func latest(_ series: OverriddenSeries?) -> [Int: (Override, [String])] {
            var result: [Int: (Override, [String])] = [:]
            for override in series?.overrides ?? [] {
                result[override.key] = (override, series?.blocks[override.index] ?? [])
            }
            return result
        }
        let was = latest(base), mine = latest(ours), other = latest(theirs)
        var seen = Set<Int>()
        let keys = (ours.overrides + theirs.overrides).map(\.key).filter { seen.insert($0).inserted }
        var lines = withoutOverrides(foreign.iCalendar)
        for key in keys {
            let old = was[key]?.1, kept = mine[key], changed = other[key]
            let chosen: (Override, [String])?
            if kept?.1 == old {
                chosen = changed
            } else if changed?.1 == old {
                chosen = kept
            } else if let kept, let changed {
                let newer =
                    (changed.0.sequence, changed.0.lastModified) > (kept.0.sequence, kept.0.lastModified)
                chosen = newer ? changed : kept
            } else {
                chosen = kept ?? changed
            }
            lines += chosen?.1 ?? []
        }
        return lines
    }

    /// `lines` without their depth-0 VTODOs (the overrides).
    private static func withoutOverrides(_ lines: [String]) -> [String] {
        var depth = 0
        var inside = false
        return lines.filter { line in
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" {
                if depth == 0, line.dropFirst(6).uppercased() == "VTODO" { inside = true }
                depth += 1
                return !inside
            }
            if name == "END" {
                depth -= 1
                defer { if depth == 0 { inside = false } }
                return !inside
            }
            return !inside
        }
    }

    /// `original` (a date property of the series) renamed `name` and naming `date` in its own
    /// form: a DATE as the day, a `TZID` time as that zone's wall clock, a UTC time in UTC, a
    /// floating time as the series' wall clock.
    private func line(_ original: ICalendarParser.ContentLine, named name: String, at date: Date) -> String {
        let value: String
        if ICalendarFormat.isDate(original) {
            value = ICalendarFormat.dayName(of: date, calendar: calendar)
        } else if original.value.uppercased().hasSuffix("Z") {
            value = TodoAlarm.utcStamp(date)
        } else {
            value = KeptLines.localStamp(of: date, in: calendar.timeZone)
        }
        guard original.raw.hasSuffix(":" + original.value) else {
            return name + (ICalendarFormat.isDate(original) ? ";VALUE=DATE:" : ":") + value
        }
        let parameters = original.raw.dropLast(original.value.count + 1).dropFirst(original.name.count)
        return name + parameters + ":" + value
    }

    /// The lines of override `index` (counting the depth-0 VTODOs of `lines`) as a range of `lines`.
    private static func range(ofOverride index: Int, in lines: [String]) -> Range<Int>? {
        var depth = 0
        var seen = -1
        var begin: Int?
        for (position, line) in lines.enumerated() {
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" {
                if depth == 0, line.dropFirst(6).uppercased() == "VTODO" {
                    seen += 1
                    if seen == index { begin = position }
                }
                depth += 1
            } else if name == "END" {
                depth -= 1
                if depth == 0, let begin { return begin..<(position + 1) }
            }
        }
        return nil
    }

    /// An override's lines with its own completion lines (`STATUS`, `COMPLETED`,
    /// `PERCENT-COMPLETE`) replaced by `completion` (before its END) and its `SEQUENCE` one higher
    /// (1 when it had none).
    private static func replacingCompletion(of block: [String], with completion: [String]) -> [String] {
        var depth = 0
        var sequence = 0
        var kept: [String] = []
        for line in block {
            let name = ForeignProperties.propertyName(of: line)
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
            guard depth == 1, name != "BEGIN" else {
                kept.append(line)
                continue
            }
            if name == "SEQUENCE" {
                sequence = Int(TrimmedText.ofSpaces(String(line.drop { $0 != ":" }.dropFirst()))) ?? 0
                continue
            }
            if name == "STATUS" || name == "COMPLETED" || name == "PERCENT-COMPLETE" { continue }
            kept.append(line)
        }
        let end = kept.popLast() ?? "END:VTODO"
        return kept + completion + ["SEQUENCE:" + String(sequence + 1), end]
    }

    /// What tells occurrences apart: the day for a whole-day series, the second otherwise.
    private func key(of date: Date) -> Int {
        Self.key(of: date, wholeDay: !(anchor?.hasTime ?? true), calendar: calendar)
    }

    private static func key(of date: Date, wholeDay: Bool, calendar: Calendar) -> Int {
        wholeDay
            ? WallClock.dayNumber(of: date, in: calendar.timeZone) : Int(date.timeIntervalSince1970.rounded(.down))
    }

    private static func date(of line: ICalendarParser.ContentLine, calendar: Calendar) -> ItemDate? {
        let zone = line.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
        return ParsedTimestamp.parse(line.value)?.date(in: calendar, timeZone: zone).map {
            ItemDate(date: $0, hasTime: !ICalendarFormat.isDate(line))
        }
    }

    private static func same(_ a: ItemDate?, _ b: ItemDate?) -> Bool {
        a?.hasTime == b?.hasTime
            && a.map { $0.date.timeIntervalSince1970.rounded(.down) }
                == b.map {
                    $0.date.timeIntervalSince1970.rounded(.down)
                }
    }
}
