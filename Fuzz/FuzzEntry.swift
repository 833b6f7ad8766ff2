import Foundation

/// libFuzzer's entry point for the parsers of untrusted input in TodoCore and TodoSync, built
/// against those modules by `Fuzz/build` (`swiftc -sanitize=fuzzer,address`).
///
/// `FUZZ_TARGET` picks what the bytes are fed to:
/// - `store`: the store file decoder (`StoreDecoder.decode`), then, if it loads, an encode and
///   decode round trip that must give the same contents;
/// - `journal`: the journal reader (`StoreJournal` generations and batches);
/// - `import`: every import format's parser (`ExportFormat.parse`);
/// - `filter`: the filter language (`FilterParser.parse`), then the predicate on two items;
/// - `icalendar`: the iCalendar reader with a sync's bounds (`ICalendarFormat.item(fromObjectResource:)`)
///   and an import's (`ICalendarParser`); an object that reads is written back;
/// - `multistatus`: a WebDAV answer (`Multistatus`), each href through `CollectionScope`.
/// Errors thrown are the expected answer to bad input; a trap, a crash or a sanitizer report is
/// a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch FuzzTarget.current {
    case .store: FuzzTarget.store(bytes)
    case .journal: FuzzTarget.journal(bytes)
    case .import: FuzzTarget.import(bytes)
    case .filter: FuzzTarget.filter(bytes)
    case .icalendar: FuzzTarget.icalendar(bytes)
    case .multistatus: FuzzTarget.multistatus(bytes)
    }
    return 0
}
