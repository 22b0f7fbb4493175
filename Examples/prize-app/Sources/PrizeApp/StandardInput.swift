/// The process's standard input, read a line at a time.
public final class StandardInput: InputSource {
    /// Creates a reader of standard input.
    public init() {}

    /// The next line of standard input, or `nil` at end of file.
    public func nextLine() -> String? {
        readLine(strippingNewline: true)
    }
}
