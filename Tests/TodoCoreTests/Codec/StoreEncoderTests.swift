import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

@Suite("Store encoder")
struct StoreEncoderTests {
    @Test("a two-item store is written exactly in the documented format")
    func golden() {
        let text = String(decoding: StoreEncoder.encode(StoreFixtures.contents), as: UTF8.self)
        #expect(text == StoreFixtures.golden)
    }

    @Test("an empty store writes an empty items array on one line")
    func emptyStore() {
        let text = String(decoding: StoreEncoder.encode(StoreContents()), as: UTF8.self)
        #expect(text == "{\n  \"format\": \"todo-tui\",\n  \"generation\": 0,\n  \"items\": [],\n  \"version\": 4\n}\n")
    }

    @Test("every field of every kind of text survives a save and a load")
    func roundTrip() throws {
        let texts = [
            "우유 사기", "牛乳を買う", "🥛🏃‍♀️👩‍👩‍👧", "e\u{301}\u{302} n\u{303}", "say \"hi\"", #"C:\path\to\"x""#,
            "line\nbreak\ttab\rreturn\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}",
            "\u{1B}[31mred\u{1B}[0m", #"\u0041 is not an escape here"#, "/ and \\/", "\u{2028}\u{2029}\u{FEFF}",
            String(repeating: "가", count: 4_096), " padded ", "",
        ]
        let dates = [
            Date(millisecondsSince1970: 0), Date(millisecondsSince1970: 1_738_228_500_123),
            Date(millisecondsSince1970: -1), Date(millisecondsSince1970: -12_219_292_800_000),
            Date(timeIntervalSince1970: 1_738_228_500), StoreEncoder.representableDates.lowerBound,
            StoreEncoder.representableDates.upperBound,
        ]
        var items: [TodoItem] = []
        for (index, text) in texts.enumerated() {
            items.append(
                TodoItem(
                    text: text, date: dates[index % dates.count], color: TodoColor.allCases[index % 8],
                    isDone: index % 2 == 0, createdAt: dates[(index + 1) % dates.count],
                    modifiedAt: dates[(index + 2) % dates.count], version: index * 1_000_003
                ))
        }
        let contents = StoreContents(generation: StoreReader.largestCount, items: items)
        let decoded = try StoreDecoder.decode(StoreEncoder.encode(contents), path: "round-trip.json")
        #expect(decoded == contents)
        for (read, written) in zip(decoded.items, items) {
            #expect(Array(read.text.unicodeScalars) == Array(written.text.unicodeScalars))
        }
    }

    @Test("strings escape quotes, backslashes, C0, DEL and C1 controls and keep other characters raw")
    func escaping() {
        func encoded(_ text: String) -> String? {
            let item = TodoItem(
                id: StoreFixtures.milkID, text: text, date: StoreFixtures.morning, createdAt: StoreFixtures.morning)
            let lines = String(decoding: StoreEncoder.encode(StoreContents(items: [item])), as: UTF8.self).split(
                separator: "\n")
            guard lines.count == 8, let start = lines[4].range(of: "\"text\": ")?.upperBound,
                let end = lines[4].range(of: ", \"version\"")?.lowerBound
            else { return nil }
            return String(lines[4][start..<end])
        }
        #expect(encoded("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(encoded("\n\t\r\u{8}\u{C}") == #""\n\t\r\b\f""#)
        #expect(encoded("\u{0}\u{1B}\u{1F}\u{7F}") == #""\u0000\u001B\u001F\u007F""#)
        #expect(encoded("\u{80}x\u{9F}\u{A0}é") == "\"\\u0080x\\u009F\u{A0}é\"")
        #expect(encoded("한국어 日本語 🎉") == "\"한국어 日本語 🎉\"")
    }

    @Test("the output is JSON that Python's json module reads to the same texts")
    func pythonReadsIt() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            print("Skipped: /usr/bin/python3 is not installed, so the output was not checked by a second parser.")
            return
        }
        let texts = ["a\"b\\c", "\u{0}\u{1B}[31m\u{7F}\u{85}\u{9F}", "우유 🥛 e\u{301}", "\u{2028}\t\n"]
        let items = texts.map { TodoItem(text: $0, date: StoreFixtures.morning, createdAt: StoreFixtures.morning) }
        let folder = try TemporaryDirectory()
        try writeFile(folder.path("store.json"), StoreEncoder.encode(StoreContents(items: items)))
        let script =
            "import json,sys; d=json.load(open(sys.argv[1])); print(' '.join(','.join('%X' % ord(c) for c in "
            + "i['text']) for i in d['items']))"
        let output = try runProgram("/usr/bin/python3", ["-c", script, folder.path("store.json")])
        let expected = texts.map {
            $0.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: ",")
        }
        #expect(output.trimmingCharacters(in: .newlines) == expected.joined(separator: " "))
    }

    @Test("the sample store in data/ reads and writes back byte for byte")
    func sampleStore() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../data/sample.json").standardized.path
        let bytes = try fileBytes(path)
        let contents = try StoreDecoder.decode(bytes, path: path)
        #expect(contents.items.count >= 30)
        #expect(contents.formatVersion == StoreError.supportedVersion)
        #expect(StoreEncoder.encode(contents) == bytes)
    }
}

/// Runs a program to completion and returns its standard output.
func runProgram(_ path: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
