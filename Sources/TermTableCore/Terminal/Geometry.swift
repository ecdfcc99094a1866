/// A position on the screen, in character cells; `x` grows to the right, `y` down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, 0 at the left edge.
    public var x: Int
    /// The line, 0 at the top edge.
    public var y: Int

    /// Creates a point at column `x`, line `y`.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The origin, column 0 of line 0.
    public static let zero = Point(x: 0, y: 0)

    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}

/// A size in character cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of lines.
    public var height: Int

    /// Creates a size of `width` columns and `height` lines.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// No columns and no lines.
    public static let zero = Size(width: 0, height: 0)

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// A rectangle of character cells: an origin and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its left column, top line, width and height.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left column.
    public var x: Int {
        get { origin.x }
        set { origin.x = newValue }
    }
    /// The top line.
    public var y: Int {
        get { origin.y }
        set { origin.y = newValue }
    }
    /// The number of columns.
    public var width: Int {
        get { size.width }
        set { size.width = newValue }
    }
    /// The number of lines.
    public var height: Int {
        get { size.height }
        set { size.height = newValue }
    }
    /// The left column (same as `x`).
    public var minX: Int { origin.x }
    /// The top line (same as `y`).
    public var minY: Int { origin.y }
    /// The column just right of the rectangle.
    public var maxX: Int { origin.x + size.width }
    /// The line just below the rectangle.
    public var maxY: Int { origin.y + size.height }
    /// True when the rectangle covers no cell.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// True when `point` lies inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// The cells both rectangles cover (empty, at the origin of `self`, when none).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The rectangle moved by `dx` columns and `dy` lines.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` columns on each side and `dy` lines at top and bottom.
    public func insetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// `(x, y, WxH)`.
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
