extension EventTrace {
    /// Where an event came from: the call site of the `dispatch(_:fileID:line:)` or
    /// `post(_:fileID:line:)` that made it.
    ///
    /// A record holds it for a dispatched or posted event; the bus's announcements and
    /// replays have none, nor do events that were waiting when the trace started. A helper
    /// that forwards its own `fileID` and `line` arguments records its caller's site.
    ///
    /// ```swift
    /// #expect(trace.records[0].origin?.description == "PrizeApp/Demo.swift:31")
    /// ```
    public struct Origin: Hashable, Sendable, CustomStringConvertible {
        /// The file, as `#fileID` gives it: `"Module/File.swift"`.
        public var fileID: String
        /// The line in that file.
        public var line: Int

        /// Creates an origin.
        /// - Parameters:
        ///   - fileID: The file, as `#fileID` gives it.
        ///   - line: The line in that file.
        public init(fileID: String, line: Int) {
            self.fileID = fileID
            self.line = line
        }

        /// `"Module/File.swift:42"`.
        public var description: String { "\(fileID):\(line)" }
    }
}
