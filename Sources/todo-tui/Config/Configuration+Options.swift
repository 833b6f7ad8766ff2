extension Configuration {
    /// This configuration with the interactive list's options, which win over the file and the
    /// environment: `--merge-policy` (the list's `merge-policy`) and `--no-animation`.
    /// - Throws: `CLIError.usage` for an unknown policy.
    func applyingListOptions(_ mergeOptions: MergePolicyOption, noAnimation: Bool) throws(CLIError) -> Configuration {
        var configuration = self
        if mergeOptions.mergePolicy != nil {
            configuration.mergePolicy = try mergeOptions.policy(or: mergePolicy)
            configuration.setSource(.flag("--merge-policy"), of: "defaults.merge-policy")
        }
        if noAnimation {
            configuration.animations = false
            configuration.setSource(.flag("--no-animation"), of: "defaults.animations")
        }
        return configuration
    }
}
