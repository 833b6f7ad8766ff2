import Foundation
import TodoCore

/// Realistic, reproducible to-do items: what `todo-bench generate` writes and what the tree and
/// export groups measure on.
///
/// The same `count` and `seed` always give the same items, ids included. Days are spread
/// uniformly over ±60 days around `referenceDate` with times to the millisecond; about half the
/// items keep the default colour and the rest use the other seven; about 30% are done; texts mix
/// short and long English with Korean, Japanese and emoji, and punctuation that CSV, iCalendar
/// and JSON must quote or escape.
enum SampleItems {
    /// The fixed middle of the items' days, 2026-01-01T00:00:00Z, so that runs do not depend on
    /// the clock.
    static let referenceDate = Date(millisecondsSince1970: 1_767_225_600_000)

    /// How many days before and after `referenceDate` the items' days reach.
    static let daySpread = 60

    private static let texts = [
        "Buy milk",
        "Call Mum",
        "Pay rent",
        "Water the plants",
        "Book the dentist for Thursday",
        "Buy milk, eggs; and \"bread\"",
        #"Back up C:\Users\me\Documents"#,
        "Reply to Jana about the *draft* budget",
        "우유 사기 🥛",
        "치과 예약하기",
        "내일 회의 자료 준비하기, 슬라이드 12장",
        "牛乳を買う",
        "部屋の掃除をする 🧹",
        "請求書を払う（期限：金曜日）",
        "🎂 Ana's birthday — order the cake 🎉",
        "Renew the passport: photos, the old passport, the form and the fee, then post it recorded",
        "Read the RFC 5545 sections on VTODO, DUE and COMPLETED, and write down where the other programs differ",
    ]

    /// Details appended to some texts so that lengths vary from a word to a few lines.
    private static let details = [
        " before 10:00",
        " (ask about the invoice)",
        " — see the notes from last week's meeting, the second page has the numbers we agreed on",
        " 그리고 영수증 챙기기",
        " 忘れずに！",
    ]

    /// `count` items made from `seed`, in generation order.
    /// - Complexity: O(count).
    static func make(_ count: Int, seed: UInt64) -> [TodoItem] {
        var random = BenchmarkRandom(seed: seed)
        let reference = referenceDate.millisecondsSince1970
        let dayMilliseconds: Int64 = 86_400_000
        return (0..<count).map { _ in
            let day = Int64(Int.random(in: -daySpread...daySpread, using: &random))
            let date = reference + day * dayMilliseconds + Int64.random(in: 0..<dayMilliseconds, using: &random)
            // Created up to a month before the earlier of its day and the reference date, modified since.
            let createdAt = min(date, reference) - Int64.random(in: 0..<(30 * dayMilliseconds), using: &random)
            let modifiedAt = createdAt + Int64.random(in: 0...(reference - createdAt), using: &random)
            var text = texts[Int.random(in: texts.indices, using: &random)]
            if Int.random(in: 0..<4, using: &random) == 0 {
                text += details[Int.random(in: details.indices, using: &random)]
            }
            let color =
                Bool.random(using: &random)
                ? TodoColor.default : TodoColor.allCases[Int.random(in: 1..<TodoColor.allCases.count, using: &random)]
            return TodoItem(
                id: random.uuid(), text: text, date: Date(millisecondsSince1970: date), color: color,
                isDone: Int.random(in: 0..<10, using: &random) < 3,
                createdAt: Date(millisecondsSince1970: createdAt), modifiedAt: Date(millisecondsSince1970: modifiedAt),
                version: Int.random(in: 1...5, using: &random)
            )
        }
    }
}
