import Foundation
import Testing

@testable import todo_tui

/// The week start and clock a locale gives, when the configuration sets neither.
@Suite("Locale defaults")
struct LocaleDefaultsTests {
    @Test("the 12-hour regions are those whose locales Foundation (CLDR) writes with a 12-hour clock")
    func twelveHourTable() {
        var disagreements: [String] = []
        for identifier in Locale.availableIdentifiers {
            let locale = Locale(identifier: identifier)
            guard let region = locale.region?.identifier, region.count == 2, identifier.contains("_" + region)
            else { continue }
            let twelve = [.oneToTwelve, .zeroToEleven].contains(locale.hourCycle)
            if twelve != (LocaleDefaults.clock(identifier: identifier) == .twelveHour) {
                disagreements.append("\(identifier) \(locale.hourCycle)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
    }

    @Test("the locale comes from LC_ALL, else LC_TIME, else LANG; the codeset and modifier are not part of it")
    func variables() {
        #expect(LocaleDefaults.timeLocale(in: [:]) == nil)
        #expect(LocaleDefaults.timeLocale(in: ["LANG": "C.UTF-8"]) == nil)
        #expect(LocaleDefaults.timeLocale(in: ["LANG": "POSIX"]) == nil)
        let chosen = LocaleDefaults.timeLocale(in: ["LANG": "de_DE.UTF-8", "LC_TIME": "en_US.UTF-8@euro", "LC_ALL": ""])
        #expect(chosen?.variable == "LC_TIME" && chosen?.identifier == "en_US")
        #expect(LocaleDefaults.timeLocale(in: ["LC_ALL": "fr_CA.UTF-8", "LC_TIME": "en_US"])?.identifier == "fr_CA")
        #expect(LocaleDefaults.weekStart(identifier: "en_US") == .sunday)
        #expect(LocaleDefaults.weekStart(identifier: "de_DE") == .monday)
        #expect(LocaleDefaults.clock(identifier: "en_US") == .twelveHour)
        #expect(LocaleDefaults.clock(identifier: "en_GB") == .twentyFourHour)
        #expect(LocaleDefaults.clock(identifier: "en") == .twentyFourHour, "no region: the built-in clock")
    }
}
