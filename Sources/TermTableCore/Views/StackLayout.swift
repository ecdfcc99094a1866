/// How a stack shares its length among its children: the one rule of ``VStack`` and ``HStack``.
///
/// Shown children are taken in order. Fixed and fitting children get their lengths first, each cut to
/// what is left; the filling children share the rest by weight. A filling child with a minimum whose
/// share would be smaller gets its minimum, and the others share what is left after it, again by
/// weight; when the rest cannot hold every filling child's minimum, they get their minimums in order
/// until it runs out. Shares are whole, by cumulative rounding: each filling child gets its exact share
/// rounded down or up, and the lengths sum exactly to the rest. Hidden children get 0.
@MainActor
enum StackLayout {
    /// Hides the children of `items` the stack is too short for (``StackItem/hidden(below:)``), and shows
    /// again those it hid that fit now: a hidden view draws nothing, takes no mouse event and loses the focus.
    static func applyHiding(to items: inout [StackItem], length: Int) {
        for index in items.indices {
            guard let below = items[index].hiddenBelow else { continue }
            let tooShort = length < below
            if tooShort && !items[index].view.isHidden {
                items[index].view.isHidden = true
                items[index].hiddenByStack = true
            } else if !tooShort && items[index].hiddenByStack {
                items[index].view.isHidden = false
                items[index].hiddenByStack = false
            }
        }
    }

    /// The lengths of `items` in `stack` at `length` along its axis, `gap` cells between shown children;
    /// `fitting` measures a `.fitting` child given the room left.
    static func lengths(
        of items: [StackItem], in stack: View, length: Int, gap: Int, fitting: (View, Int) -> Int
    ) -> [Int] {
        var lengths = [Int](repeating: 0, count: items.count)
        let length = max(0, length)
        var shown = 0
        for item in items where item.isShown(in: stack, length: length) { shown += 1 }
        var room = max(0, length - max(0, shown - 1) * max(0, gap))
        var fills: [(index: Int, weight: Int, minimum: Int)] = []
        for (index, item) in items.enumerated() where item.isShown(in: stack, length: length) {
            switch item.height {
            case .lines(let lines):
                lengths[index] = min(max(0, lines), room)
            case .fitting:
                lengths[index] = min(max(0, fitting(item.view, room)), room)
            case .fill(let weight):
                fills.append((index, max(1, weight), max(0, item.minimumLength)))
            }
            room -= lengths[index]
        }
        guard !fills.isEmpty else { return lengths }
        var minimums = 0
        for fill in fills { minimums += fill.minimum }
        if minimums >= room {
            // No room to share: the minimums in order, while the room lasts.
            for fill in fills {
                lengths[fill.index] = min(fill.minimum, room)
                room -= lengths[fill.index]
            }
            return lengths
        }
        // Children whose share is below their minimum take the minimum; the rest share what is left.
        var frozen = [Bool](repeating: false, count: fills.count)
        var rest = room
        var changed = true
        while changed {
            changed = false
            var weights = 0
            for (position, fill) in fills.enumerated() where !frozen[position] { weights += fill.weight }
            var freezing: [Int] = []
            for (position, fill) in fills.enumerated() where !frozen[position] {
                if fill.minimum * weights > rest * fill.weight { freezing.append(position) }
            }
            for position in freezing {
                frozen[position] = true
                lengths[fills[position].index] = fills[position].minimum
                rest -= fills[position].minimum
                changed = true
            }
        }
        var weights = 0
        for (position, fill) in fills.enumerated() where !frozen[position] { weights += fill.weight }
        guard weights > 0 else { return lengths }
        // Cumulative rounding: each child ends where the running share, rounded up, ends, so every child gets
        // its exact share rounded down or up, the earlier ones up, and the lengths sum exactly to the rest.
        var weightSoFar = 0
        var end = 0
        for (position, fill) in fills.enumerated() where !frozen[position] {
            weightSoFar += fill.weight
            let newEnd = (rest * weightSoFar + weights - 1) / weights
            lengths[fill.index] = newEnd - end
            end = newEnd
        }
        return lengths
    }
}
