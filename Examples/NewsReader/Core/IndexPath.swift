import TermTable

/// TermTable's row position. Foundation has an `IndexPath` too; this module means TermTable's.
public typealias IndexPath = TermTable.IndexPath
