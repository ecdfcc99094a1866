/// Whether this build checks every access to the toolkit's hot storage at run time (issue 20).
///
/// The few stored properties on the per-frame path are `@exclusivity(unchecked)` in release builds (the
/// runtime's checks were a third of a frame), each one private and inside `#if !TERMTABLE_CHECKED_ACCESS`.
/// Debug builds define `TERMTABLE_CHECKED_ACCESS` (Package.swift), so `swift test` traps with a message on an
/// overlapping access instead of running into undefined behaviour. `CheckedAccessTests` checks both.
package enum CheckedAccess {
    #if TERMTABLE_CHECKED_ACCESS
        /// True: TermTableCore was built with `TERMTABLE_CHECKED_ACCESS` (every access checked).
        package static let inTermTableCore = true
    #else
        /// False: TermTableCore's hot storage is unchecked (a release build).
        package static let inTermTableCore = false
    #endif
}
