/// Something drawn as one terminal cluster: plain text's ``TerminalText/Cluster`` and styled text's
/// ``StyledText/StyledCluster``; the word wrap (`TerminalText.wrapLines`) works over either.
protocol DisplayCluster {
    /// The display form and width of the cluster.
    var displayCluster: TerminalText.Cluster { get }
}

extension TerminalText.Cluster: DisplayCluster {
    /// The cluster itself.
    var displayCluster: TerminalText.Cluster { self }
}
