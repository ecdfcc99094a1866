import Foundation
import NewsKit
import NewsReaderCore
import Testing

/// Issue 14: OPML folders show in the section headers.
@Suite("OPML folders in section headers")
struct FeedSlotCategoryTests {
    @Test func foldersComeBeforeTheFeedsTitle() {
        var feed = Feed(title: "Harbor City Chronicle", items: [], source: "harbor.xml", format: .rss20)
        #expect(FeedSlot.loaded(feed).title == "Harbor City Chronicle")
        feed.category = ["News", "Local"]
        #expect(FeedSlot.loaded(feed).title == "News › Local › Harbor City Chronicle")
    }
}
