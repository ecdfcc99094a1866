import Foundation
import NewsKit
import TermTable

extension Reader {
    /// True while an article is read: on the article screen, or beside the list with the keys.
    public var isReading: Bool { rootView.isShowingDetail || isArticleScreenShown }

    /// True while the article screen is in the app's screen stack (a palette may be over it).
    public var isArticleScreenShown: Bool { app?.screens.contains { $0 === articleScreen } ?? false }

    /// The article view being read: the article screen's while it is pushed, else the one beside the list.
    public var readingView: ArticleDetailView {
        isArticleScreenShown ? articleScreenView.detailView : rootView.detailView
    }

    /// The article under the cursor (the list) or being read.
    public var currentArticle: (article: Article, indexPath: IndexPath)? {
        let path = isReading ? openArticle : tableView.state.cursor
        guard let path, let article = controller.article(at: path) else { return nil }
        return (article, path)
    }

    /// Opens the article at `indexPath` and marks it read: beside the list at ``ReaderView/splitWidth`` columns and
    /// wider (the article view takes the keys), else on ``articleScreen``, pushed over the list (which keeps its
    /// cursor, on the article, its scroll and its filter).
    public func open(_ indexPath: IndexPath) {
        guard let app, let article = controller.article(at: indexPath) else { return }
        followsFirstArticle = false
        if tableView.state.cursor != indexPath { tableView.setCursor(indexPath, notify: false) }
        openArticle = indexPath
        if rootView.isSplit {
            rootView.detailView.show(article)
            rootView.showDetail(true)
            app.focus(rootView.detailView)
        } else {
            pushArticleScreen(showing: article)
        }
        if !store.isRead(article.id) { setRead(article.id, true) }
    }

    /// Shows `article` on the article screen, pushing it unless it is shown.
    func pushArticleScreen(showing article: Article) {
        articleScreenView.detailView.show(article)
        app?.push(articleScreen)
        app?.setNeedsDisplay()
    }

    /// Back from the article to the list, on the article's row: pops the article screen, or gives the list beside
    /// the article the keys again.
    public func closeArticle() {
        guard let app else { return }
        if app.topScreen === articleScreen {
            app.popScreen()  // articleScreenPopped does the rest
            return
        }
        guard rootView.isShowingDetail else { return }
        rootView.showDetail(false)
        if let openArticle { tableView.setCursor(openArticle, notify: false) }
        openArticle = nil
        app.focus(tableView)
        app.setNeedsDisplay()
    }

    /// The article screen went (Esc, q, ←): the list's cursor on the article read last (`n` may have moved on).
    func articleScreenPopped() {
        if let openArticle { tableView.setCursor(openArticle, notify: false) }
        openArticle = nil
        app?.setNeedsDisplay()
    }

    /// After a resize: an article read on its own screen goes beside the list (with the keys) once the screen is
    /// wide enough for both; one read beside the list goes on the article screen once it is not.
    func fitReadingToWidth() {
        guard let app, let shown = openArticle, let article = controller.article(at: shown) else { return }
        if rootView.isSplit, app.topScreen === articleScreen {
            app.popScreen()
            openArticle = shown
            rootView.showPanes()
            rootView.detailView.show(article)
            rootView.showDetail(true)
            app.focus(rootView.detailView)
        } else if !rootView.isSplit, rootView.isShowingDetail, app.topScreen === app.rootScreen {
            rootView.showDetail(false)
            app.focus(tableView)
            openArticle = shown
            pushArticleScreen(showing: article)
        }
    }
}
