import Foundation
import Testing

@testable import TodoCore

@Suite("Round trips of the formats that carry every field")
struct ExportRoundTripTests {
    @Test(
        "export, import and export again gives identical output, and the items as the format keeps them",
        arguments: [ExportFormat.json, .csv, .ics, .vdir, .taskwarrior]
    )
    func roundTrip(format: ExportFormat) throws {
        let items = ExportFixtures.everything
        let trip = try ExportFixtures.roundTrip(items, as: format)
        #expect(trip.second == trip.first)
        switch format.fidelity.datePrecision {
        case .millisecond where format == .json:
            #expect(trip.parsed == items)
        case .millisecond:
            #expect(trip.parsed == ExportFixtures.unversioned(items))
        case .second where format == .taskwarrior, .day where format == .taskwarrior:
            // A done task always has its `end` (`task import` would make one up): the modification
            // time when the completion time is not known.
            #expect(trip.parsed == ExportFixtures.truncatedToSeconds(ExportFixtures.endingAtModification(items)))
        case .second, .day:
            #expect(trip.parsed == ExportFixtures.truncatedToSeconds(items))
        }
    }

    @Test("an empty list round-trips in every format", arguments: ExportFormat.allCases)
    func empty(format: ExportFormat) throws {
        let trip = try ExportFixtures.roundTrip([], as: format)
        #expect(trip.parsed.isEmpty)
        #expect(trip.second == trip.first)
    }
}
