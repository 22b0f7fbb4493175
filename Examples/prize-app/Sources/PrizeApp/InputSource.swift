/// Where the command loop reads commands: the terminal, a pipe, a script, or a test.
public protocol InputSource: AnyObject {
    /// The next line, without its newline, or `nil` once the input has ended.
    func nextLine() -> String?
}
