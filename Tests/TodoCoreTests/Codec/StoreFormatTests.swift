import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("Store timestamps and ids")
struct StoreFormatTests {
    private func parse(_ text: String) -> Int64? {
        Array(text.utf8).withUnsafeBufferPointer(TimestampFormat.parse)
    }

    private func written(_ milliseconds: Int64) -> String {
        var bytes = [UInt8](repeating: 0, count: TimestampFormat.writtenLength)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = ByteCursor(buffer)
            cursor.reserve(TimestampFormat.writtenLength)
            TimestampFormat.write(milliseconds, to: &cursor)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("timestamps are written in UTC with milliseconds")
    func writing() {
        #expect(written(0) == "1970-01-01T00:00:00.000Z")
        #expect(written(-1) == "1969-12-31T23:59:59.999Z")
        #expect(written(951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(written(1_738_228_500_123) == "2025-01-30T09:15:00.123Z")
        #expect(written(TimestampFormat.representableMilliseconds.lowerBound) == "0000-01-01T00:00:00.000Z")
        #expect(written(TimestampFormat.representableMilliseconds.upperBound) == "9999-12-31T23:59:59.999Z")
    }

    @Test("offsets, 0 to 9 fraction digits and lower-case separators are read; fractions round to milliseconds")
    func reading() {
        #expect(parse("2025-01-30T09:15:00Z") == 1_738_228_500_000)
        #expect(parse("2025-01-30t09:15:00z") == 1_738_228_500_000)
        #expect(parse("2025-01-30T18:15:00+09:00") == 1_738_228_500_000)
        #expect(parse("2025-01-30T03:45:00-05:30") == 1_738_228_500_000)
        #expect(parse("2025-01-30T09:15:00.1Z") == 1_738_228_500_100)
        #expect(parse("2025-01-30T09:15:00.12Z") == 1_738_228_500_120)
        #expect(parse("2025-01-30T09:15:00.123456789Z") == 1_738_228_500_123)
        #expect(parse("2025-01-30T09:15:00.0005Z") == 1_738_228_500_001)
        #expect(parse("2025-01-30T09:15:59.9996Z") == 1_738_228_560_000)
        #expect(parse("1969-12-31T23:59:59.999Z") == -1)
        #expect(parse("2024-02-29T00:00:00Z") != nil)
    }

    @Test("timestamps that are malformed or name a day or time that does not exist are refused")
    func refusing() {
        for text in [
            "2025-01-30", "2025-01-30T09:15Z", "2025-01-30T09:15:00", "2025-01-30 09:15:00Z", "2025-1-30T09:15:00Z",
            "2025-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-00-01T00:00:00Z",
            "2025-04-31T00:00:00Z", "2025-01-30T24:00:00Z", "2025-01-30T09:60:00Z", "2025-01-30T09:15:60Z",
            "2025-01-30T09:15:00.Z", "2025-01-30T09:15:00.1234567890Z", "2025-01-30T09:15:00+0900",
            "2025-01-30T09:15:00+24:00", "2025-01-30T09:15:00Z ", "+2025-01-30T09:15:00Z", "２０２５-01-30T09:15:00Z",
        ] {
            #expect(parse(text) == nil, "\(text) was accepted")
        }
    }

    @Test("writing then reading any representable millisecond gives it back")
    func timestampRoundTrip() {
        var generator = SplitMix64(seed: 7)
        let range = TimestampFormat.representableMilliseconds
        for _ in 0..<20_000 {
            let milliseconds = Int64.random(in: range, using: &generator)
            #expect(parse(written(milliseconds)) == milliseconds)
        }
        for days in -800_000...800_000 where days % 997 == 0 {
            let (year, month, day) = CivilDate.date(ofDayNumber: days)
            #expect(CivilDate.dayNumber(year: year, month: month, day: day) == days)
        }
    }

    @Test("ids are written in upper case and read in either case, matching Foundation")
    func ids() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<2_000 {
            let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let id = bytes.withUnsafeBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
            var text = [UInt8](repeating: 0, count: UUIDFormat.writtenLength)
            text.withUnsafeMutableBufferPointer { buffer in
                var cursor = ByteCursor(buffer)
                UUIDFormat.write(id, to: &cursor)
            }
            #expect(String(decoding: text, as: UTF8.self) == id.uuidString)
            #expect(text.withUnsafeBufferPointer(UUIDFormat.parse) == id)
            let lower = Array(id.uuidString.lowercased().utf8)
            #expect(lower.withUnsafeBufferPointer(UUIDFormat.parse) == id)
        }
    }

    @Test("an id with any character out of place is refused")
    func badIDs() {
        let good = Array("0E4F2D7A-3B1C-4D5E-8F60-718293A4B5C6".utf8)
        for position in good.indices {
            let isDash = [8, 13, 18, 23].contains(position)
            for replacement in Array("-gG:@`/ \u{7F}0aF".utf8) + [0x00, 0x80, 0xC3, 0xFF] {
                var text = good
                text[position] = replacement
                let fits =
                    isDash ? replacement == UInt8(ascii: "-") : "0123456789abcdefABCDEF".utf8.contains(replacement)
                let parsed = text.withUnsafeBufferPointer(UUIDFormat.parse)
                #expect((parsed != nil) == fits, "\(String(decoding: text, as: UTF8.self))")
                if let parsed {
                    #expect(parsed.uuidString == String(decoding: text, as: UTF8.self).uppercased())
                }
            }
        }
        #expect(Array("0E4F2D7A3B1C4D5E8F60718293A4B5C6".utf8).withUnsafeBufferPointer(UUIDFormat.parse) == nil)
    }
}
