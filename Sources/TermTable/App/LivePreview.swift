import TermTableCore

/// The live preview of a layout file (`termtable preview --watch`): an app that redraws when the file is saved.
///
/// It runs a ``LayoutPreviewView`` in an ``Application``; with `watch`, a
/// ``FileWatch`` reads the file again after each save and wakes the app's run
/// loop, which redraws at once (nothing runs between saves). A save that does
/// not load shows its errors above the last version that did; a file gone for
/// a moment (an editor replacing it) keeps the last version on show. Resizes
/// lay the cells out again at the new width. q or Escape quits.
///
/// ```swift
/// let screen = try CursesScreen()
/// defer { screen.close() }
/// await LivePreview(path: "Layouts/News.layout", screen: screen, watch: true).run()
/// ```
@MainActor
package final class LivePreview {
    /// What is shown.
    package let model: LayoutPreviewModel
    /// The view drawing it.
    package let view: LayoutPreviewView
    /// The app running the view.
    package let app: Application
    /// The watch on the file while ``run()`` runs with `watch`, nil otherwise.
    package private(set) var fileWatch: FileWatch?

    private let watches: Bool
    private let polling: Duration?

    /// A preview of `path` (only the cell `only` when given) on `screen`; `watch` follows the file's saves.
    ///
    /// `polling` forces the watch's polling fallback at that interval instead of inotify.
    package init(path: String, only: String? = nil, screen: Screen, watch: Bool, polling: Duration? = nil) {
        model = LayoutPreviewModel(path: path, only: only)
        view = LayoutPreviewView(model: model)
        app = Application(screen: screen, rootView: view)
        watches = watch
        self.polling = polling
        model.reload()
        app.bind(Key("q")) { [app] in app.quit() }
        app.bind(.escape) { [app] in app.quit() }
    }

    /// Shows the preview until q; with `watch`, follows the file meanwhile.
    package func run() async {
        if watches {
            let watch = FileWatch(path: model.path, polling: polling) { [weak self] in self?.fileChanged() }
            fileWatch = watch
            showHowTheFileIsFollowed()
        }
        await app.run()
        fileWatch?.cancel()
        fileWatch = nil
    }

    /// Reads the file again and redraws (the watch calls it after each save).
    package func fileChanged() {
        model.reload()
        showHowTheFileIsFollowed()  // the watch falls back to polling when the file's folder goes away
        app.setNeedsDisplay()
    }

    /// Says in the status line how the watch notices saves now.
    private func showHowTheFileIsFollowed() {
        guard let mechanism = fileWatch?.mechanism else { return }
        switch mechanism {
        case .inotify: view.statusNote = "watching"
        case .polling(let interval): view.statusNote = "watching (every \(interval.milliseconds) ms)"
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds.
    fileprivate var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
