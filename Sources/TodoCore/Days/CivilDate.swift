/// Days of the proleptic Gregorian calendar counted from 1970-01-01 (day numbers), after Howard
/// Hinnant's `days_from_civil` and `civil_from_days`: the one copy of this arithmetic, used by
/// the store's timestamps, the exports' UTC fields and the date input, so that all of them agree
/// on every date.
///
/// Counting days by arithmetic keeps the distance between two days exact whatever their lengths
/// in hours, needs no calendar or time-zone database, and keeps dates proleptic: Foundation's
/// Gregorian calendar switches to the Julian one before 1582-10-15.
enum CivilDate {
    /// The day number of a proleptic Gregorian date; `month` is 1–12, `day` counts from 1.
    /// - Complexity: O(1).
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number; the inverse of `dayNumber(year:month:day:)`.
    /// - Complexity: O(1).
    static func date(ofDayNumber days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in `month` (1–12) of `year`, leap years included.
    static func lastDay(ofMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day number that `units` (seconds or milliseconds since 1970-01-01, `unitsPerDay` of
    /// them a day) falls on, and how far into that day: division rounded down, so that an
    /// instant before 1970 falls on the day it lies in, not the one after.
    /// - Complexity: O(1).
    static func day(containing units: Int, unitsPerDay: Int) -> (day: Int, unitsIntoDay: Int) {
        let (quotient, remainder) = units.quotientAndRemainder(dividingBy: unitsPerDay)
        return remainder < 0 ? (quotient - 1, remainder + unitsPerDay) : (quotient, remainder)
    }
}
