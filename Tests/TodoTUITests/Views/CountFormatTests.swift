import Testing

@testable import todo_tui

@Suite("Count format")
struct CountFormatTests {
    @Test(
        "digits are grouped in threes by ',' whatever the locale",
        arguments: [
            (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (1_234, "1,234"), (10_000, "10,000"),
            (100_000, "100,000"), (1_234_567, "1,234,567"), (-1_234, "-1,234"),
        ])
    func grouped(_ n: Int, _ expected: String) {
        #expect(CountFormat.grouped(n) == expected)
    }
}
