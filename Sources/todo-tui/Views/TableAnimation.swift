/// The animation of one batch: the things on screen before or after it, and how each gets from
/// its old line to its new one, turned into a finite list of frames.
///
/// Frames come in up to three phases, each present only when something needs it, sharing
/// `frameCount` frames (the travel phase gets any remainder first):
/// 1. **exit**: leaving rows and headers play their effect at their old lines, while everything
///    else waits there;
/// 2. **travel**: staying rows and headers move line by line (linear, rounded) from their old
///    lines to their new ones — gaps close and open, moved rows cross the screen;
/// 3. **entry**: arriving rows and headers play their effect at their new lines.
/// Arrivals without an effect (`.none`) appear in the entry phase, or in the last frame when
/// there is no entry phase. The last frame is the table at rest after the batch.
///
/// Where things overlap, headers are drawn over staying rows, moved rows over headers (the eye
/// follows the item that moves), and rows sliding vertically over everything. A row that ends
/// under the sticky header stays under headers all along, as rows scroll under it.
struct TableAnimation {
    /// How a thing gets from the old picture to the new one; lines are viewport lines.
    enum Motion: Equatable {
        case stay(from: Int, to: Int)
        /// Leaves with the effect of a resolved animation (never `.none` or `.automatic`).
        case leave(from: Int, RowAnimation)
        /// Arrives with the effect of a resolved animation (never `.automatic`).
        case arrive(to: Int, RowAnimation)
    }

    /// One row or header of the animation.
    struct Element {
        var content: TableFrameLine.Content
        var motion: Motion
        /// Drawing order: higher layers are drawn over lower ones.
        var layer: Int
    }

    /// The layer of staying rows.
    static let restingLayer = 0
    /// The layer of headers.
    static let headerLayer = 1
    /// The layer of moved rows.
    static let movingLayer = 2
    /// The layer of rows sliding in or out vertically.
    static let slidingLayer = 3

    /// A part of the animation; see the type's description.
    enum Phase: CaseIterable {
        case exit, travel, entry
    }

    /// The rows and headers, in the order they were added (the drawing order within a layer).
    var elements: [Element] = []
    /// The viewport's height in lines.
    let height: Int
    /// The viewport's width in columns (the distance of a horizontal slide).
    let width: Int

    /// The phases this animation needs, in order.
    var phases: [Phase] {
        Phase.allCases.filter { phase in
            elements.contains { element in
                switch (phase, element.motion) {
                case (.exit, .leave(let from, _)): reaches(from)
                case (.travel, .stay(let from, let to)):
                    from != to && (reaches(from) || reaches(to) || crosses(from, to))
                case (.entry, .arrive(let to, let animation)): animation != .none && reaches(to)
                default: false
                }
            }
        }
    }

    /// The frames: exactly `frameCount` of them, or none when nothing visible changes.
    /// - Parameter frameCount: the number of frames, at least one per phase (3).
    /// - Complexity: O(f × (e log e + h)) for f frames, e elements and h lines.
    func frames(frameCount: Int) -> [TableFrame] {
        precondition(frameCount >= Phase.allCases.count, "An animation needs at least one frame per phase.")
        let phases = self.phases
        guard !phases.isEmpty else { return [] }
        let ordered = elements.enumerated().sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }
            .map(\.element)
        var frames: [TableFrame] = []
        for (index, phase) in phases.enumerated() {
            let steps = Self.steps(of: phase, among: phases, frameCount: frameCount)
            for step in 1...steps {
                let isLast = index == phases.count - 1 && step == steps
                frames.append(frame(ordered, phase: phase, step: step, of: steps, isLast: isLast))
            }
        }
        return frames
    }

    /// The number of frames of `phase`: an equal share of `frameCount`, the remainder going to
    /// travel first, then exit.
    private static func steps(of phase: Phase, among phases: [Phase], frameCount: Int) -> Int {
        let priority: [Phase] = [.travel, .exit, .entry].filter(phases.contains)
        let rank = priority.firstIndex(of: phase) ?? priority.count
        return frameCount / phases.count + (rank < frameCount % phases.count ? 1 : 0)
    }

    /// Whether `line` is in the viewport.
    private func reaches(_ line: Int) -> Bool {
        (0..<height).contains(line)
    }

    /// Whether a way from `from` to `to` crosses the viewport though both ends lie outside it.
    func crosses(_ from: Int, _ to: Int) -> Bool {
        (from < 0 && to >= height) || (from >= height && to < 0)
    }
}
