extension TableView {
    /// Whether an animation is running.
    var isAnimating: Bool { !animationFrames.isEmpty }

    /// What the table shows now: the running animation's current frame, else the table at rest.
    /// - Complexity: O(h + log s) for h lines and s sections.
    var currentFrame: TableFrame {
        isAnimating ? animationFrames[animationFrameIndex] : viewport.frame()
    }

    /// Shows the next frame; after the last one the animation ends and the table is at rest
    /// (which looks like the last frame).
    func advanceAnimation() {
        guard isAnimating else { return }
        animationFrameIndex += 1
        if animationFrameIndex == animationFrames.count { finishAnimation() }
    }

    /// Ends the running animation at once: the table is at rest in its final state.
    func finishAnimation() {
        animationFrames = []
        animationFrameIndex = 0
    }
}
