import Testing

@testable import TodoCore

@Suite("Text forms of lossy formats")
struct ExportTextFormTests {
    @Test(
        "each form replaces exactly what its formats cannot hold",
        arguments: [
            (TextForm.exact, "a\r\nb\u{1B}c\td\u{85}", "a\r\nb\u{1B}c\td\u{85}"),
            (.iCalendar, "a\r\nb\rc\nd\u{1B}e\tf\u{7F}g\u{85}", "a\nb\nc\nd e\tf g\u{85}"),
            (.singleLine, "a\r\nb\nc\u{1B}d\te\u{85}f", "a b c d e f"),
            (.singleLine, "plain 한국어 🎉", "plain 한국어 🎉"),
        ])
    func forms(form: TextForm, text: String, expected: String) {
        #expect(form.apply(text) == expected)
    }
}
