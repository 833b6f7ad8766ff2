import Foundation

@testable import TodoCore
@testable import TodoSync

/// The fuzzed parsers and what each checks beyond not crashing; see `FuzzEntry.swift`.
enum FuzzTarget: String, CaseIterable {
    case store, journal, `import`, filter, icalendar, multistatus

    /// The target named by `FUZZ_TARGET`; `store` when it is unset.
    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "store"
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("FUZZ_TARGET must be one of \(allCases.map(\.rawValue)), not \(name).\n".utf8))
            exit(64)
        }
        return target
    }()

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    /// Decodes a store file; what loads must survive an encode and decode unchanged.
    static func store(_ bytes: [UInt8]) {
        guard let contents = try? StoreDecoder.decode(bytes, path: "fuzz.json") else { return }
        let again = try? StoreDecoder.decode(StoreEncoder.encode(contents), path: "fuzz.json")
        if again != contents {
            fatalError("a store that loaded did not survive an encode and decode round trip")
        }
    }

    /// Reads a journal's generations and batches.
    static func journal(_ bytes: [UInt8]) {
        let journal = StoreJournal(path: "fuzz.json.journal", bytes: bytes)
        guard let generations = try? journal.generations() else { return }
        _ = try? journal.batches(after: 0, generations: generations)
    }

    /// Parses the bytes as every import format.
    static func `import`(_ bytes: [UInt8]) {
        let input = ImportInput.file(name: "fuzz", bytes: bytes)
        for format in ExportFormat.allCases {
            _ = try? format.parse(input, now: now, calendar: calendar)
        }
    }

    /// Parses the bytes as a filter and applies it to two items.
    static func filter(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let predicate = try? FilterParser.parse(text, now: now, calendar: calendar) else { return }
        for itemText in ["Buy milk", "Café é\u{0}"] {
            let item = TodoItem(
                id: UUID(), text: itemText, date: now, color: .red, isDone: false, createdAt: now, modifiedAt: now,
                version: 1)
            _ = predicate.evaluate(item)
        }
    }

    /// Reads the bytes as one calendar object, with the bounds a sync reads a server's item by,
    /// and as an iCalendar file, with an import's; an object that reads is written back.
    static func icalendar(_ bytes: [UInt8]) {
        _ = try? ICalendarParser(source: "fuzz.ics").components(bytes)
        guard
            let item = try? ICalendarFormat.item(
                fromObjectResource: bytes, name: "fuzz.ics", now: now, calendar: calendar)
        else { return }
        _ = ICalendarFormat.objectResource(for: item, now: now, calendar: calendar)
    }

    /// Reads the bytes as a WebDAV multistatus answer, with the bounds of any answer, and puts
    /// each member's href through the collection's scope.
    static func multistatus(_ bytes: [UInt8]) {
        let collection = URL(string: "https://dav.example/cal/")!
        guard let answer = try? Multistatus(Data(bytes), base: collection) else { return }
        let scope = CollectionScope(collection)
        for response in answer.responses {
            // Compared as bytes: a combining mark after the slash joins it into one Character.
            if let item = scope.item(response.url),
                !(item.path.utf8.starts(with: "/cal/".utf8) && item.host == "dav.example")
            {
                fatalError("\(response.url) was taken for an item of \(collection) at \(item)")
            }
        }
    }
}
