import Foundation
import NewsKit
import TermTable

/// The text of the article view: title, feed, date, link, a short rule, then the summary, as paragraphs with styles.
public enum ArticleDetailText {
    /// The article as paragraphs for a ``TextView``: a blank line, the title (bold), feed, date and author (dim), the
    /// link (cyan, underlined), a short rule, a blank line, the summary (or a dim note that there is none) and a blank line.
    public static func paragraphs(of article: Article, now: Date, timeZone: TimeZone) -> (
        text: String, styles: [Int: Style]
    ) {
        var paragraphs: [String] = [""]
        var styles: [Int: Style] = [:]
        func add(_ text: String, _ style: Style?) {
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if let style { styles[paragraphs.count] = style }
                paragraphs.append(String(paragraph))
            }
        }
        add(article.title.replacingOccurrences(of: "\n", with: " "), .bold)
        var meta = [article.feedTitle]
        if let date = ArticleDetailText.dateText(article.published, now: now, timeZone: timeZone) { meta.append(date) }
        if let author = article.author, !author.isEmpty { meta.append("by \(author)") }
        add(meta.joined(separator: " · ").replacingOccurrences(of: "\n", with: " "), .dim)
        if let link = article.link { add(link.absoluteString, Style(role: .link)) }
        add("───", .dim)  // a short rule: the text view wraps, so one as wide as the view would not survive a resize
        paragraphs.append("")
        let summary = article.summary.trimmingCharacters(in: .whitespacesAndNewlines)
        add(
            summary.isEmpty ? "(this article has no summary; o opens it in the browser)" : summary,
            summary.isEmpty ? .dim : nil)
        paragraphs.append("")
        return (paragraphs.joined(separator: "\n"), styles)
    }

    /// `Fri 20 Nov 2026 10:57 (13h ago)` in `timeZone`, nil without a date.
    public static func dateText(_ date: Date?, now: Date, timeZone: TimeZone) -> String? {
        guard let date else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy HH:mm"
        let age = RelativeAge.string(from: date, now: now)
        let ago = age == "now" ? "just now" : age.contains(" ") ? "" : "\(age) ago"
        return ago.isEmpty ? formatter.string(from: date) : "\(formatter.string(from: date)) (\(ago))"
    }
}
