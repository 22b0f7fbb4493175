/// A short list that keeps its first two values inline, and any more in an array.
///
/// For what a bus gathers between two of its steps and usually holds one or two of: the
/// recipients dropped tokens ended (a view drops its tokens together), the consumers their
/// removal took. Up to two, it allocates nothing. Its elements are references: its layout is
/// known in code that is not specialized too, and destroying it is two releases and an
/// array's.
struct FewValues<Element: AnyObject>: RandomAccessCollection {
    private var first: Element?
    private var second: Element?
    private var more: [Element] = []

    init() {}

    /// Adds `value` last.
    mutating func append(_ value: Element) {
        if first == nil {
            first = value
        } else if second == nil {
            second = value
        } else {
            more.append(value)
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { first == nil ? 0 : second == nil ? 1 : 2 + more.count }

    subscript(index: Int) -> Element {
        switch index {
        case 0: first.unsafelyUnwrapped
        case 1: second.unsafelyUnwrapped
        default: more[index - 2]
        }
    }
}

extension FewValues: Sendable where Element: Sendable {}
