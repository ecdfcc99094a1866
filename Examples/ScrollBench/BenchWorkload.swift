/// What scroll-bench scrolls.
enum BenchWorkload: String, CaseIterable, Sendable {
    /// The peers' workload: one-line rows, no headers, the selection moving down one row per frame.
    case list
    /// A news reader's list: two-line and one-line articles, sticky feed headers every 50 rows, a scroll
    /// indicator, the cursor moving by rows and by pages (`News.layout`).
    case news
    /// Self-sizing rows: messages of mixed length wrapped in a `height=auto` cell, measured near the screen,
    /// the cursor moving down one row per frame (`AutoHeightDataSource`).
    case autoHeight = "auto-height"
}
