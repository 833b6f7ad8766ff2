@testable import todo_tui

extension TableView {
    /// What the table shows now, rendered on a screen of its own size.
    var screen: Screen {
        var screen = Screen(rows: height, columns: width)
        render(into: &screen)
        return screen
    }

    /// Plays the running animation to its end and returns each frame as rendered.
    func playAnimation() -> [Screen] {
        var screens: [Screen] = []
        while isAnimating {
            screens.append(screen)
            advanceAnimation()
        }
        return screens
    }
}
