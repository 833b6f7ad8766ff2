import Foundation
import Testing

@testable import TodoCore

@Suite("TodoPredicate.narrows")
struct PredicateNarrowingTests {
    @Test("A longer ASCII needle narrows the words it contains, in any case; a shorter one does not")
    func textNeedles() {
        #expect(TodoPredicate.textContains("milk").narrows(.textContains("mil")))
        #expect(TodoPredicate.textContains("MILK").narrows(.textContains("ilk")))
        #expect(TodoPredicate.textContains("milk").narrows(.textContains("milk")))
        #expect(!TodoPredicate.textContains("mil").narrows(.textContains("milk")))
        #expect(!TodoPredicate.textContains("milk").narrows(.textContains("lim")))
    }

    @Test("Everything narrows .all; conditions added to a conjunction narrow it; other conditions only when equal")
    func conjunctions() {
        let milk = TodoPredicate.textContains("milk")
        #expect(milk.narrows(.all))
        #expect(TodoPredicate.all.narrows(.all))
        #expect(!TodoPredicate.all.narrows(milk))
        #expect(TodoPredicate.and([milk, .isDone(false)]).narrows(.textContains("mil")))
        #expect(
            TodoPredicate.and([.textContains("buy"), .textContains("milk")]).narrows(
                .and([.textContains("bu"), .textContains("mil")])))
        #expect(!TodoPredicate.and([milk, .isDone(false)]).narrows(.isDone(true)))
        #expect(TodoPredicate.and([milk, .color(.red)]).narrows(.color(.red)))
        #expect(!TodoPredicate.tag("work").narrows(.tag("wor")))
    }

    @Test("Negated and non-ASCII needles narrow only an equal condition")
    func negatedAndForeignNeedles() {
        #expect(!TodoPredicate.not(.textContains("mil")).narrows(.not(.textContains("milk"))))
        #expect(!TodoPredicate.not(.textContains("milk")).narrows(.not(.textContains("mil"))))
        #expect(TodoPredicate.not(.textContains("milk")).narrows(.not(.textContains("milk"))))
        #expect(!TodoPredicate.textContains("café").narrows(.textContains("caf")))
        #expect(TodoPredicate.textContains("café").narrows(.textContains("café")))
    }
}
