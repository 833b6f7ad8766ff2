extension TableAnimation {
    /// One frame: every element placed and styled for `step` of `steps` in `phase`, drawn in
    /// the given order (lowest layer first).
    func frame(_ ordered: [Element], phase: Phase, step: Int, of steps: Int, isLast: Bool) -> TableFrame {
        var frame = TableFrame(height: height)
        for element in ordered {
            var line = TableFrameLine(element.content)
            guard
                let (index, effect) = placement(
                    of: element.motion, for: line, phase: phase, step: step, of: steps, isLast: isLast),
                (0..<height).contains(index)
            else { continue }
            line.effect = effect
            frame.lines[index] = line
        }
        return frame
    }

    /// Where an element is drawn in a frame and with which effect; `nil` when it is not drawn.
    private func placement(
        of motion: Motion, for line: TableFrameLine, phase: Phase, step: Int, of steps: Int,
        isLast: Bool
    ) -> (Int, TableFrameLine.Effect)? {
        switch (motion, phase) {
        case (.stay(let from, _), .exit):
            return (from, .none)
        case (.stay(let from, let to), .travel):
            return (from + Self.scaled(to - from, step, steps), .none)
        case (.stay(_, let to), .entry):
            return (to, .none)
        case (.leave(let from, let animation), .exit) where step < steps:
            return effect(of: animation, for: line, at: from, away: step, of: steps)
        case (.arrive(let to, let animation), .entry):
            return effect(of: animation, for: line, at: to, away: steps - step, of: steps)
        case (.arrive(let to, .none), _) where isLast:
            return (to, .none)
        default:
            return nil
        }
    }

    /// The line and effect of a row `away` of `steps` steps from being whole at `line`: a
    /// leaving row goes away step by step, an arriving one comes closer. Vertical slides move
    /// toward (or come from) their side; a slide to the right travels the viewport's width, one
    /// to the left the content's width (its text is at the left edge, so it would otherwise stay
    /// out of sight most of the time).
    private func effect(
        of animation: RowAnimation, for content: TableFrameLine, at line: Int, away: Int,
        of steps: Int
    ) -> (Int, TableFrameLine.Effect) {
        let fade: TableFrameLine.Effect = away == 0 ? .none : .fade(shown: steps - away, steps: steps)
        switch animation {
        case .fade, .automatic:
            return (line, fade)
        case .left:
            let distance = content.contentWidth(limit: width)
            return (line, away == 0 ? .none : .shift(columns: -Self.scaled(distance, away, steps)))
        case .right:
            return (line, away == 0 ? .none : .shift(columns: Self.scaled(width, away, steps)))
        case .top:
            return (line - away, fade)
        case .bottom:
            return (line + away, fade)
        case .none:
            return (line, .none)
        }
    }

    /// `value × numerator / denominator`, rounded half away from zero.
    static func scaled(_ value: Int, _ numerator: Int, _ denominator: Int) -> Int {
        Int((Double(value) * Double(numerator) / Double(denominator)).rounded())
    }
}
