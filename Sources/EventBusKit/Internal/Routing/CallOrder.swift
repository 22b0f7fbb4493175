/// Where a recipient stands in the order a pass calls its route: descending priority, then
/// registration order.
///
/// Every route keeps its entries, and the registry its recipients, sorted by this key, so a
/// pass calls them in order by reading them front to back, and finding or inserting a
/// recipient is a binary search. A recipient registered later with the same priority is
/// greater than every earlier one, so it is appended: with equal priorities (the common
/// case), adding a recipient costs no search at all.
struct CallOrder: Comparable {
    /// Higher is called earlier.
    let priority: Int
    /// Registration order among the bus's recipients: larger is later.
    let registration: UInt64

    /// Whether `lhs` is called before `rhs`.
    @inline(__always)
    static func < (lhs: CallOrder, rhs: CallOrder) -> Bool {
        lhs.priority != rhs.priority
            ? lhs.priority > rhs.priority : lhs.registration < rhs.registration
    }

    /// The index in a sequence of `count` elements, sorted by call order, where an element
    /// ordered `self` is or would be inserted: the first whose order is not less than `self`.
    /// `orderAt` reads the order of the element at an index.
    ///
    /// - Complexity: O(1) when `self` goes last; otherwise O(log *count*).
    @inline(__always)
    func insertionIndex(count: Int, _ orderAt: (Int) -> CallOrder) -> Int {
        if count == 0 || orderAt(count - 1) < self { return count }
        return index(count: count, orderAt)
    }

    /// The index of the first of `count` elements, sorted by call order, whose order is not
    /// less than `self`: where an element ordered `self` is, when there is one.
    ///
    /// - Complexity: O(log *count*).
    @inline(__always)
    func index(count: Int, _ orderAt: (Int) -> CallOrder) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if orderAt(mid) < self { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
