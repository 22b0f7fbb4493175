extension String {
    /// The string without leading and trailing blanks (spaces, tabs, carriage returns).
    func trimmingSpaces() -> String {
        guard let first = firstIndex(where: { !$0.isBlank }) else { return "" }
        let last = lastIndex(where: { !$0.isBlank })!
        return String(self[first...last])
    }

    /// The string without trailing blanks.
    func trimmingTrailingSpaces() -> String {
        guard let last = lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(self[...last])
    }
}

extension Character {
    /// Whether this is a space, a tab or a carriage return (left by a Windows line ending).
    fileprivate var isBlank: Bool { self == " " || self == "\t" || self == "\r" }
}
