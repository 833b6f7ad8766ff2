import Foundation
import Testing

@testable import TodoCore

@Suite("Stable ids for imports without UUIDs")
struct ExportStableIDTests {
    @Test(
        "SHA-1 matches the FIPS 180 test vectors",
        arguments: [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (String(repeating: "a", count: 1_000), "291e9a6c66994949b57ba5e650361e98fc36b1ba"),
        ])
    func sha1(message: String, digest: String) {
        #expect(SHA1.digest(Array(message.utf8)).map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test("version 5 UUIDs match RFC 9562's example and Python's uuid.uuid5")
    func version5() throws {
        let dns = try #require(UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8"))
        #expect(
            StableID.uuid(name: "www.example.com", namespace: dns).uuidString.lowercased()
                == "2ed6657d-e927-568b-95e1-2665a8aea6a2")
        #expect(
            StableID.uuid(name: "uid:20250112-1@example.com").uuidString.lowercased()
                == "e31db3d8-76df-5112-b38c-fffa84cb5679")
    }

    @Test("a UID that is a UUID is kept in any letter case; another UID is hashed")
    func uids() {
        #expect(StableID.id(forUID: "6F1C2A3B-4D5E-4F60-8A7B-000000000001") == ExportFixtures.id(1))
        #expect(StableID.id(forUID: "20250112-1@example.com") == StableID.uuid(name: "uid:20250112-1@example.com"))
    }

    @Test("id-less records are numbered by their text, so repeats get distinct, reproducible ids")
    func occurrences() {
        var ids = StableID(format: .todotxt)
        let first = ids.next(forText: "우유 사기")
        let other = ids.next(forText: "Buy milk")
        let second = ids.next(forText: "우유 사기")
        #expect(second.uuidString.lowercased() == "b75b279b-057d-5f59-8a40-d21099065e3c")
        #expect(Set([first, other, second]).count == 3)
        var again = StableID(format: .todotxt)
        #expect(again.next(forText: "우유 사기") == first)
    }
}
