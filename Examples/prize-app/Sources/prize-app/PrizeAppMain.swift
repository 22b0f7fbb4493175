import PrizeApp

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `swift run prize-app [--demo | --script STEPS] [--analytics FILE]`: the prize app in a
/// terminal. `--help` explains the modes.
@main
struct PrizeAppMain {
    @MainActor
    static func main() {
        let status = PrizeAppCommand.run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            input: StandardInput(),
            inputIsTerminal: isatty(0) == 1,
            output: FileOutput.standardOutput(),
            errors: FileOutput.standardError())
        exit(status)
    }
}
