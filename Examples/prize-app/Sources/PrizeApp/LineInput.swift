/// An input source that hands out a fixed list of lines, then ends.
///
/// Scripts run through it, and tests use it to play a user at the keyboard.
public final class LineInput: InputSource {
    /// The lines not read yet.
    private var remaining: ArraySlice<String>

    /// Creates an input that yields `lines` in order, then `nil`.
    /// - Parameter lines: The lines, without newlines.
    public init(_ lines: [String]) {
        remaining = lines[...]
    }

    /// The next line, or `nil` when every line has been read.
    public func nextLine() -> String? {
        remaining.popFirst()
    }
}
