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
        // The screens read the reward state through Observation (`ObservedEvent`).
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            FileOutput.standardError().writeLine("prize-app: needs macOS 14 or later.")
            exit(1)
        }
        let status = PrizeAppCommand.run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            input: StandardInput(),
            inputIsTerminal: isatty(0) == 1,
            output: FileOutput.standardOutput(),
            errors: FileOutput.standardError())
        exit(status)
    }
}
