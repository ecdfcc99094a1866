import TermTableCore

extension CheckedAccess {
    #if TERMTABLE_CHECKED_ACCESS
        /// True: TermTable was built with `TERMTABLE_CHECKED_ACCESS` (every access checked).
        package static let inTermTable = true
    #else
        /// False: TermTable's hot storage is unchecked (a release build).
        package static let inTermTable = false
    #endif
}
