#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An output sink that writes to a C stream: standard output, standard error, or a file.
///
/// Every write is flushed at once, so standard output and standard error interleave in the
/// order the app wrote them, and a prompt appears before the user types. The stream is closed
/// when the sink is deinitialized.
public final class FileOutput: OutputSink {
    /// Why a file could not be opened for writing.
    public struct OpenError: Error, Equatable, CustomStringConvertible {
        /// The path that was given.
        public let path: String
        /// The system's reason, such as `No such file or directory`.
        public let reason: String

        /// `cannot write to 'path': reason`.
        public var description: String { "cannot write to '\(path)': \(reason)" }
    }

    /// The stream, or `nil` when the descriptor could not be opened (writes are then dropped).
    private let stream: UnsafeMutablePointer<FILE>?

    private init(stream: UnsafeMutablePointer<FILE>?) {
        self.stream = stream
    }

    /// Creates (or truncates) the file at `path` and writes to it.
    /// - Parameter path: The file's path.
    /// - Throws: ``OpenError`` naming the path and the system's reason.
    public convenience init(path: String) throws(OpenError) {
        guard !path.isEmpty else { throw OpenError(path: path, reason: "the path is empty") }
        guard let stream = fopen(path, "w") else {
            throw OpenError(path: path, reason: String(cString: strerror(errno)))
        }
        self.init(stream: stream)
    }

    /// A sink for the process's standard output.
    public static func standardOutput() -> FileOutput {
        FileOutput(stream: fdopen(1, "w"))
    }

    /// A sink for the process's standard error.
    public static func standardError() -> FileOutput {
        FileOutput(stream: fdopen(2, "w"))
    }

    deinit {
        if let stream { fclose(stream) }
    }

    /// Writes `text` and flushes it.
    /// - Parameter text: The text to write.
    public func write(_ text: String) {
        guard let stream else { return }
        fputs(text, stream)
        fflush(stream)
    }
}
