import Foundation
import Testing
import TodoTestSupport

@testable import TodoCore

/// A content line is split on its UTF-8 bytes into the name, parameters and value that splitting
/// it scalar by scalar gives, with the same sentence for a line that is no content line.
@Suite("iCalendar content lines")
struct ICalendarContentLineTests {
    private let parser = ICalendarParser(source: "a.ics")

    /// What a content line is split into, or the error: comparable.
    private struct Split: Equatable {
        var name = "", parameters: [String: String] = [:], value = "", raw = ""
        var error: ExchangeError?
    }

    private func split(_ text: String) -> Split {
        do {
            let line = try parser.contentLine(text, at: 7)
            return Split(name: line.name, parameters: line.parameters, value: line.value, raw: line.raw)
        } catch {
            return Split(error: error)
        }
    }

    /// The reference: the line taken scalar by scalar, as the reader did before it read bytes.
    private func reference(_ text: String) -> Split {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var name = ""
        while index < scalars.count, scalars[index] != ";", scalars[index] != ":" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        let isName =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
        guard isName else {
            return Split(
                error: .invalidLine(
                    source: "a.ics", line: 7,
                    reason: "\(StoreError.quoted(text)) is not an iCalendar content line (NAME:value)"))
        }
        var parameters: [String: String] = [:]
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            var parameter = ""
            var value = ""
            while index < scalars.count, scalars[index] != "=" {
                parameter.unicodeScalars.append(scalars[index])
                index += 1
            }
            index += 1
            var quoted = false
            while index < scalars.count, quoted || (scalars[index] != ";" && scalars[index] != ":") {
                if scalars[index] == "\"" {
                    quoted.toggle()
                } else {
                    value.unicodeScalars.append(scalars[index])
                }
                index += 1
            }
            parameters[parameter.uppercased()] = value
        }
        guard index < scalars.count, scalars[index] == ":" else {
            return Split(
                error: .invalidLine(
                    source: "a.ics", line: 7, reason: "the \(name.uppercased()) property has no ':' before its value"))
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[(index + 1)...])
        return Split(name: name.uppercased(), parameters: parameters, value: String(value), raw: text)
    }

    @Test(
        "lines written by hand split as the reference splits them",
        arguments: [
            "SUMMARY:Buy milk", "summary:lower", "DTSTART;TZID=Europe/Berlin:20260101T090000",
            "X-A;P=\"a:b;c\";Q=d:value: with: colons", "ATTENDEE;CN=\"Caf\u{E9}\":mailto:a@b", "DESCRIPTION:",
            "X;P:value", "X;P", "X;P=", "X;P=\"open:value", "X;=v:w", ":value", ";P=a:v", "SUMMARY", "SUM MARY:x",
            "SUMM\u{C9}:x", "X-\u{1F600}:x", "X:\u{301}combining after the colon", "X;P=e\u{301}\"\u{301}\":v\u{301}",
            "X;P=a;P=b:v", "X;p=a:v", "",
        ])
    func byHand(line: String) {
        #expect(split(line) == reference(line), "\(line)")
    }

    @Test("2,000 random lines of delimiters, letters, quotes and non-ASCII split as the reference splits them")
    func random() {
        let alphabet: [String] = [
            "A", "z", "0", "-", ";", ":", "=", "\"", " ", "\u{E9}", "e\u{301}", "\u{301}", "\u{1F600}", "\t", "\\",
            ",", "x",
        ]
        var generator = SplitMix64(seed: 30)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...14, using: &generator)
            let line = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                .joined()
            #expect(split(line) == reference(line), "\(line.debugDescription)")
        }
    }
}
