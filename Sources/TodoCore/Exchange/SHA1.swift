/// SHA-1 (FIPS 180-4), used only to derive name-based UUIDs (RFC 9562 version 5).
///
/// Foundation on Linux has no digest API and TodoCore takes no dependencies; SHA-1 is what
/// version 5 UUIDs are defined over, so other tools (Python's `uuid.uuid5`) derive the same ids.
/// It is not used for anything that needs collision resistance.
enum SHA1 {
    /// The 20-byte digest of `message`.
    /// - Complexity: O(n) in the length of the message.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) * 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var schedule = [UInt32](repeating: 0, count: 80)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let offset = blockStart + index * 4
                schedule[index] =
                    UInt32(padded[offset]) << 24 | UInt32(padded[offset + 1]) << 16
                    | UInt32(padded[offset + 2]) << 8 | UInt32(padded[offset + 3])
            }
            for index in 16..<80 {
                let mixed = schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16]
                schedule[index] = mixed.rotatedLeft(by: 1)
            }
            compress(&state, schedule)
        }
        return state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }

    private static func compress(_ state: inout [UInt32], _ schedule: [UInt32]) {
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for index in 0..<80 {
            let (mix, constant): (UInt32, UInt32)
            switch index {
            case 0..<20: (mix, constant) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (mix, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (mix, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (mix, constant) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = a.rotatedLeft(by: 5) &+ mix &+ e &+ constant &+ schedule[index]
            (e, d, c, b, a) = (d, c, b.rotatedLeft(by: 30), a, next)
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(by count: UInt32) -> UInt32 {
        self << count | self >> (32 - count)
    }
}
