import EventBusKit

/// The Markdown file `--trace FILE.md` writes: what the bus did during a run, drawn as a
/// Mermaid sequence diagram and written as a text tree of causes.
///
/// The diagram is ``EventBusKit/EventTrace/mermaid`` in a `mermaid` block, which GitHub and
/// most Markdown viewers draw; the tree is ``EventBusKit/EventTrace/tree`` in a `text` block.
///
/// ```swift
/// let app = PrizeApplication(analyticsSink: sink, log: log, tracing: true)
/// app.perform(.open(.screenThree))
/// let file = TraceFile.markdown(of: app.trace!, run: "Opened Screen Three.")
/// ```
public enum TraceFile {
    /// The file's text for `trace`.
    /// - Parameters:
    ///   - trace: The run's trace.
    ///   - run: One sentence that says what the run did, written under the title.
    /// - Returns: Markdown, ending with a newline.
    public static func markdown(of trace: EventTrace, run: String) -> String {
        [
            "# What the bus did",
            "",
            run,
            "",
            "Each arrow is one delivery, labelled with its pass, its event and the line that",
            "dispatched it. A dashed arrow is an announcement, drawn from the consumer it is",
            "about; an arrow with no line is a replay.",
            "",
            "```mermaid",
            trace.mermaid + "```",
            "",
            "Which event caused which:",
            "",
            "```text",
            trace.tree + "```",
            "",
        ].joined(separator: "\n")
    }
}
