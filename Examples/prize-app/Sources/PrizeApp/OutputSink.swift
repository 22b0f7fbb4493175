/// Where the app writes text: the terminal, a file, or a buffer in a test.
///
/// The app never calls `print` directly; it writes to sinks, so a test can read exactly what
/// a user would see.
public protocol OutputSink: AnyObject {
    /// Writes `text` as is, with no newline added.
    /// - Parameter text: The text to write.
    func write(_ text: String)
}

extension OutputSink {
    /// Writes `line` followed by a newline.
    /// - Parameter line: The line to write, without its newline.
    public func writeLine(_ line: String) {
        write(line + "\n")
    }
}
