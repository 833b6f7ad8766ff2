import Foundation

/// The reader's second looks at a file: skims that check only syntax, for better error messages
/// and for the cheap generation read.
extension StoreReader {
    /// The id of the item object starting at `start`, found by skimming its keys; nil when the
    /// item is too broken to tell.
    func idLookingAhead(from start: Int) -> UUID? {
        skim(objectAt: start, forKey: "id") { skimmer in
            guard skimmer.valueKind == .string, let value = try? skimmer.scanString() else { return nil }
            return skimmer.withBytes(of: value, UUIDFormat.parse)
        }
    }

    /// `error`, unless the file is valid JSON whose top-level `version` is newer than this
    /// program reads: then the shape error is a symptom and `.newerVersion` the cause.
    func preferringNewerVersion(over error: StoreError) -> StoreError {
        switch error {
        case .invalidData, .duplicateID:
            let version = skim(objectAt: 0, forKey: "version") { skimmer -> Int? in
                guard skimmer.valueKind == .number, case .integer(let version)? = try? skimmer.scanNumber() else {
                    return nil
                }
                return version
            }
            guard let version, version > StoreError.supportedVersion else { return error }
            return .newerVersion(path: path, version: version)
        default:
            return error
        }
    }

    /// Skims the object at `start`, checking only its syntax, and reads the value of `key` with
    /// `read`; nil when the key is absent or the object is not valid JSON up to it.
    private func skim<T>(objectAt start: Int, forKey key: String, _ read: (inout JSONScanner) -> T?) -> T? {
        var skimmer = JSONScanner(bytes: scanner.bytes, path: path, position: start)
        skimmer.skipByteOrderMark()
        skimmer.skipWhitespace()
        guard skimmer.consume(UInt8(ascii: "{")) else { return nil }
        repeat {
            skimmer.skipWhitespace()
            guard skimmer.current == UInt8(ascii: "\""), let name = try? skimmer.scanString() else { return nil }
            let isKey = skimmer.withBytes(of: name) { $0.elementsEqual(key.utf8) }
            skimmer.skipWhitespace()
            guard skimmer.consume(UInt8(ascii: ":")) else { return nil }
            skimmer.skipWhitespace()
            if isKey { return read(&skimmer) }
            guard (try? skimmer.skipValue()) != nil else { return nil }
            skimmer.skipWhitespace()
        } while skimmer.consume(UInt8(ascii: ","))
        return nil
    }

    // MARK: Head

    /// The generation from `{"format": "todo-tui", "generation": N` at the start, or nil.
    mutating func generationFromHead() -> Int? {
        scanner.skipByteOrderMark()
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: "{")),
            headKey(is: "format"), let format = try? scanner.scanString(),
            scanner.withBytes(of: format, { $0.elementsEqual("todo-tui".utf8) }),
            skipWhitespaceAndComma(),
            headKey(is: "generation"), scanner.valueKind == .number,
            case .integer(let generation)? = try? scanner.scanNumber(), generation >= 0, generation <= Self.largestCount
        else { return nil }
        // A number cut off by the end of the head would read short: insist on what follows it.
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: ",") || scanner.current == UInt8(ascii: "}") else { return nil }
        return generation
    }

    /// Consumes `"name":` with surrounding white space.
    mutating func headKey(is name: String) -> Bool {
        scanner.skipWhitespace()
        guard let key = try? scanner.scanString(), scanner.withBytes(of: key, { $0.elementsEqual(name.utf8) }) else {
            return false
        }
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: ":")) else { return false }
        scanner.skipWhitespace()
        return true
    }

    private mutating func skipWhitespaceAndComma() -> Bool {
        scanner.skipWhitespace()
        return scanner.consume(UInt8(ascii: ","))
    }
}
