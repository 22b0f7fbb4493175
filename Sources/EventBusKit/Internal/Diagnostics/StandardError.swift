#if DEBUG
    #if canImport(Darwin)
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Android)
        import Android
    #endif

    /// Writes `line` and a line break to standard error, unbuffered: how debug builds print
    /// the migration hints and the problems no `onProblem` handler receives.
    func writeToStandardError(_ line: String) {
        var line = line + "\n"
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
#endif
