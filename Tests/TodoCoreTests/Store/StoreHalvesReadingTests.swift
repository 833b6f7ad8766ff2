import Foundation
import Testing

@testable import TodoCore

/// A large items array is read on two threads; the result — items, index or error — must be
/// exactly the one-thread reading's, whatever the file.
@Suite("Store reading in halves")
struct StoreHalvesReadingTests {
    /// Items enough for a file of about 1.7 MB, over the two-thread threshold.
    static let items: [TodoItem] = (0..<6_000).map { number in
        let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number)) ?? UUID()
        let date = Date(millisecondsSince1970: 1_763_640_000_000 + Int64(number) * 60_000)
        return TodoItem(
            id: id, text: "Item \(number): water the plants, then call about the 한국어 notes", date: date, createdAt: date
        )
    }

    static var file: String {
        String(decoding: StoreEncoder.encode(StoreContents(generation: 3, items: items)), as: UTF8.self)
    }

    /// Decodes `text` with the two-thread reading and with the one-thread one.
    private func readings(
        _ text: String
    ) -> (halves: Result<StoreContents, StoreError>, single: Result<StoreContents, StoreError>) {
        let bytes = Array(text.utf8)
        #expect(bytes.count > StoreReader.smallestArrayReadInHalves)
        func read(inHalves: Bool) -> Result<StoreContents, StoreError> {
            bytes.withUnsafeBufferPointer { buffer in
                var reader = StoreReader(scanner: JSONScanner(bytes: buffer, path: "big.json"))
                reader.readsLargeItemsInHalves = inHalves
                return Result { () throws(StoreError) in try reader.readStore() }
            }
        }
        return (read(inHalves: true), read(inHalves: false))
    }

    /// The error both readings must agree on.
    private func agreedError(_ text: String) -> StoreError? {
        let (halves, single) = readings(text)
        #expect(halves == single)
        guard case .failure(let error) = halves else { return nil }
        return error
    }

    /// `file` with the `number`th item line (from 0) changed by `change`.
    private func file(changingItem number: Int, _ change: (String) -> String) -> String {
        var lines = Self.file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[number + 4] = change(lines[number + 4])
        return lines.joined(separator: "\n")
    }

    @Test("a large valid file reads the same, index included, as on one thread")
    func validFile() throws {
        let (halves, single) = readings(Self.file)
        let contents = try halves.get()
        #expect(contents == StoreContents(generation: 3, items: Self.items))
        #expect(try contents.idPositions == single.get().idPositions)
        #expect(contents.idPositions?.count == Self.items.count)
        #expect(contents.idPositions?[Self.items[4_321].id] == 4_321)
    }

    @Test(
        "an error in either half is the one-thread reading's, with the right item number",
        arguments: [120, 2_950, 3_050, 5_900])
    func errorInAHalf(number: Int) {
        let text = file(changingItem: number) {
            $0.replacingOccurrences(of: "\"isDone\": false", with: "\"isDone\": \"no\"")
        }
        let error = agreedError(text)
        #expect(error?.description.contains("item \(number + 1),") == true)
    }

    @Test("an id in both halves is refused as on one thread, naming both lines")
    func duplicateAcrossHalves() {
        let text = file(changingItem: 5_500) {
            $0.replacingOccurrences(of: Self.items[5_500].id.uuidString, with: Self.items[10].id.uuidString)
        }
        guard case .duplicateID(_, _, let firstLine, let secondLine)? = agreedError(text) else {
            Issue.record("expected a duplicate id")
            return
        }
        #expect((firstLine, secondLine) == (15, 5_505))
    }

    @Test("a malformed line that looks like an item start where the halves split is the one-thread reading's error")
    func wrongGuess() {
        // Every item in the middle fifth breaks after its colour onto a line starting with `{`:
        // the guessed boundary lands inside an item.
        var lines = Self.file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for number in 2_400..<3_600 {
            lines[number + 4] = lines[number + 4].replacingOccurrences(
                of: "\"color\": \"default\", ", with: "\"color\": \"default\",\n    {")
        }
        let error = agreedError(lines.joined(separator: "\n"))
        #expect(
            error?.description.contains("line 2406, column 5: expected a key") == true, "\(String(describing: error))")
    }

    @Test("a large file on one line, with no place to split, reads as on one thread")
    func oneLine() throws {
        let text = Self.file.replacingOccurrences(of: "\n", with: "")
        #expect(try readings(text).halves.get() == StoreContents(generation: 3, items: Self.items))
    }
}
