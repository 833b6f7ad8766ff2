/// Counts as the screen shows them.
enum CountFormat {
    /// `n` with its digits grouped in threes by "," (`10,000`, `-1,234`), whatever the user's
    /// locale: the screen's layout and the tests read one form, and "," is what most readers of
    /// an English interface expect.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 {
                result.append(",")
            }
            result.append(digit)
        }
        return n < 0 ? "-" + result : result
    }
}
