// Test-only members of the trace: what its memory holds.

extension EventTrace {
    /// How many names the trace keeps, in its table of names and in the index of that table
    /// (equal). Test-only.
    var nameTableCount: (names: Int, indices: Int) { (names.count, nameIndices.count) }
}
