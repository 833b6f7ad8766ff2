/// A write position in a buffer whose size the writer has already bounded.
///
/// The encoder computes an upper bound of its output, allocates it once and writes through
/// this cursor without per-byte capacity checks, which is what makes encoding 100,000 items
/// cheap. Callers state how much they are about to write with `reserve(_:)`, a checked
/// precondition, so a wrong bound stops the program instead of writing past the buffer.
struct ByteCursor {
    private(set) var position: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else {
            preconditionFailure("the encoder's output buffer has no storage")
        }
        position = base
        end = base + buffer.count
    }

    /// Checks that `count` more bytes fit.
    func reserve(_ count: Int) {
        precondition(end - position >= count, "the store encoder's output bound was too small")
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        position.initialize(to: byte)
        position += 1
    }

    @inline(__always)
    mutating func write(_ literal: StaticString) {
        position.initialize(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
        position += literal.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        position.initialize(from: base, count: bytes.count)
        position += bytes.count
    }

    /// Writes `value` as exactly `count` decimal digits, zero-padded (the value must fit).
    @inline(__always)
    mutating func writeDigits(_ value: UInt64, count: Int) {
        var remaining = value
        for index in stride(from: count - 1, through: 0, by: -1) {
            position[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
            remaining /= 10
        }
        position += count
    }
}
