import Testing
import TodoCore

/// The names command lines use for merge policies.
@Suite("Merge policy names")
struct MergePolicyNameTests {
    @Test("short names, in declaration order")
    func shortNames() {
        #expect(MergePolicy.names == ["error", "store-trump", "object-trump", "overwrite", "rollback"])
    }

    @Test(
        "each short name and each Swift case name, in any letter case, names its policy",
        arguments: MergePolicy.allCases)
    func parsing(policy: MergePolicy) {
        #expect(MergePolicy(name: policy.name) == policy)
        #expect(MergePolicy(name: policy.rawValue) == policy)
        #expect(MergePolicy(name: policy.name.uppercased()) == policy)
        #expect(MergePolicy(name: policy.rawValue.lowercased()) == policy)
    }

    @Test(
        "other text names no policy",
        arguments: ["", "store", "trump", "mergeByProperty", " error", "error ", "store_trump", "objecttrump"])
    func unknown(name: String) {
        #expect(MergePolicy(name: name) == nil)
    }
}
