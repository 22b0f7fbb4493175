/// An output sink that keeps what is written, for tests and for text shown later.
///
/// ```swift
/// let buffer = TextBuffer()
/// buffer.writeLine("[Logger] FlowController consumed …")
/// buffer.takeLines()   // ["[Logger] FlowController consumed …"]
/// ```
public final class TextBuffer: OutputSink {
    /// Everything written since the last ``takeLines()``.
    public private(set) var text = ""

    /// Creates an empty buffer.
    public init() {}

    /// Appends `text`.
    /// - Parameter text: The text to keep.
    public func write(_ text: String) {
        self.text += text
    }

    /// The lines written so far; a last line without a newline counts as a line.
    public var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Returns ``lines`` and empties the buffer.
    /// - Returns: The lines written since the last call.
    public func takeLines() -> [String] {
        defer { text = "" }
        return lines
    }
}
