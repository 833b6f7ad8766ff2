import Foundation

/// python-dateutil's `rrule` (Debian's python3-dateutil, run by `/usr/bin/python3`) as an
/// independent oracle for ``Repetition``'s arithmetic, fed every case of a test at once.
///
/// dateutil is adjusted to RFC 5545 where they differ, as the research notes found: the series
/// start is prepended (and counted in COUNT) when the rule itself does not produce it; times a
/// zone skips go through `tz.resolve_imaginary` and instants that coincide are kept once; a DATE
/// or floating UNTIL of a timed series is turned into the UTC instant that ends that day or time
/// (dateutil refuses a non-UTC UNTIL with an aware start); a whole day the zone left out falls on
/// the next day, as its start would. dateutil 2.8.2 ignores the rule a zone file gives for years after its last listed
/// change (2037), so occurrences from 2037 on are not compared.
struct DateutilOracle {
    struct Case: Encodable {
        var zone: String
        /// The series start, seconds since 1970 (timed series).
        var start: Int
        /// The series start's local day, `YYYY-MM-DD` (whole-day series).
        var startDay: String
        var wholeDay: Bool
        var rule: String
        /// Seconds since 1970 (timed) or `YYYY-MM-DD` (whole day): results must be after it.
        var after: Int
        var afterDay: String
        var limit: Int
    }

    static let python = ExternalProgram.python(withModule: "dateutil")

    /// Each case's occurrences: seconds since 1970 for timed series, `YYYY-MM-DD` for whole days.
    static func occurrences(_ cases: [Case]) throws -> [[String]] {
        guard let python else { throw OracleError.missing }
        let input = try JSONEncoder().encode(cases)
        let result = try python.run(["-c", script], input: Array(input))
        guard result.status == 0 else { throw OracleError.failed(result.error) }
        return try JSONDecoder().decode([[String]].self, from: Data(result.output.utf8))
    }

    enum OracleError: Error {
        case missing
        case failed(String)
    }

    private static let script = #"""
        import json, sys
        from datetime import datetime, timezone
        from dateutil import rrule, tz

        def occurrences(c):
            zone = tz.gettz(c["zone"])
            whole = c["wholeDay"]
            parts = dict(p.split("=", 1) for p in c["rule"].split(";"))
            if whole:
                start = datetime.strptime(c["startDay"], "%Y-%m-%d")
            else:
                start = datetime.fromtimestamp(c["start"], zone)
                until = parts.get("UNTIL")
                if until and not until.endswith("Z"):
                    if len(until) == 8:
                        end = datetime.strptime(until, "%Y%m%d").replace(hour=23, minute=59, second=59)
                    else:
                        end = datetime.strptime(until, "%Y%m%dT%H%M%S")
                    end = tz.resolve_imaginary(end.replace(tzinfo=zone))
                    parts["UNTIL"] = end.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
            count = parts.pop("COUNT", None)
            text = ";".join(k + "=" + v for k, v in parts.items())
            first = next(iter(rrule.rrulestr(text, dtstart=start)), None)
            starts_itself = first is not None and first == start
            found = [] if starts_itself else [start]
            if count is not None:
                remaining = int(count) - (0 if starts_itself else 1)
                rule = rrule.rrulestr(text + ";COUNT=" + str(remaining), dtstart=start) if remaining > 0 else []
            else:
                rule = rrule.rrulestr(text, dtstart=start)
            results = []
            last = None
            def take(dt):
                nonlocal last
                if whole:
                    # A day's start goes through the zone like a time: a day the zone left out
                    # (Pacific/Apia, 30 December 2011) falls on the next one.
                    day = tz.resolve_imaginary(dt.replace(tzinfo=zone)).date()
                    if last is not None and day <= last:
                        return
                    last = day
                    if day.isoformat() > c["afterDay"]:
                        results.append(day.isoformat())
                    return
                dt = tz.resolve_imaginary(dt)
                if last is not None and dt <= last:
                    return
                last = dt
                if dt.timestamp() > c["after"]:
                    results.append(str(int(dt.timestamp())))
            for dt in found:
                take(dt)
            for dt in rule:
                if len(results) >= c["limit"] or dt.year >= 2037:
                    break
                take(dt)
            return results[: c["limit"]]

        print(json.dumps([occurrences(c) for c in json.load(sys.stdin)]))
        """#
}
