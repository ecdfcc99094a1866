import TermTableCore

extension Application {
    /// Reads the user's theme for `app` (`$XDG_CONFIG_HOME/<app>/theme.conf`, else `~/.config/<app>/theme.conf`;
    /// see `Theme.parse(_:file:base:)`) and makes it the app's ``theme``; returns what was wrong
    /// with the file (each problem located by file, line and column), for the app to say. A missing file leaves the
    /// theme as it is; a file that cannot be read at all gives the default dark theme and one problem; a line
    /// that cannot be read is left out, its role keeping the base theme's style.
    @discardableResult
    public func loadTheme(forApp app: String, environment: [String: String]? = nil) -> [Theme.Problem] {
        let (loaded, problems) = Theme.load(forApp: app, environment: environment)
        if loaded != .dark || !problems.isEmpty { theme = loaded }
        return problems
    }
}
