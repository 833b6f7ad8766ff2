import Foundation
import TodoCore

/// The week start and clock of the user's time locale, for when the configuration sets neither:
/// the locale is `LC_ALL`, else `LC_TIME`, else `LANG` (POSIX's order), `en_US.UTF-8` naming
/// `en_US`. The C and POSIX locales, and an unset one, keep todo-tui's own defaults (Monday, 24
/// hours).
enum LocaleDefaults {
    /// The variable that names the time locale and its value, if any names one other than C or
    /// POSIX.
    static func timeLocale(in environment: [String: String]) -> (variable: String, value: String, identifier: String)? {
        guard let variable = ["LC_ALL", "LC_TIME", "LANG"].first(where: { !(environment[$0] ?? "").isEmpty }),
            let value = environment[variable]
        else { return nil }
        let identifier = String(value.prefix { $0 != "." && $0 != "@" })
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return nil }
        return (variable, value, identifier)
    }

    /// The first day of the week in the locale `identifier` names (`en_US`: Sunday).
    static func weekStart(identifier: String) -> Locale.Weekday {
        Locale(identifier: identifier).firstDayOfWeek
    }

    /// The clock of the locale `identifier` names: 12-hour where its region writes times so,
    /// else 24-hour (also when it names no region).
    static func clock(identifier: String) -> ClockStyle {
        let parts = identifier.split(separator: "_")
        let region = parts.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isUppercase) }
        return region.map { twelveHourRegions.contains(String($0)) } == true ? .twelveHour : .twentyFourHour
    }

    /// The regions whose locales write times on a 12-hour clock, by the Unicode CLDR data
    /// Foundation carries (a test checks this set against it for every locale Foundation
    /// knows). Looking it up here costs nothing; asking Foundation builds a date pattern
    /// generator, which would cost a millisecond of every start.
    static let twelveHourRegions: Set<String> = [
        "AE", "AG", "AL", "AR", "AS", "AU", "BB", "BD", "BH", "BM", "BN", "BO", "BS", "BT", "CA", "CL", "CO", "CR",
        "CU", "CY", "DJ", "DM", "DO", "DZ", "EC", "EG", "EH", "ER", "ET", "FJ", "FM", "GD", "GH", "GM", "GR", "GT",
        "GU", "GY", "HK", "HN", "IN", "IQ", "JM", "JO", "KH", "KI", "KN", "KP", "KR", "KW", "KY", "LB", "LC", "LR",
        "LS", "LY", "MH", "MO", "MP", "MR", "MW", "MX", "MY", "NA", "NI", "NZ", "OM", "PA", "PE", "PG", "PH", "PK",
        "PR", "PS", "PW", "PY", "QA", "SA", "SB", "SD", "SG", "SL", "SO", "SS", "SV", "SY", "SZ", "TC", "TD", "TN",
        "TO", "TT", "TW", "UM", "US", "UY", "VC", "VE", "VG", "VI", "VU", "WS", "YE", "ZM",
    ]
}
