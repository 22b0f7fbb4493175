import CEventBusAtomics

// Every block of memory EventBusKit allocates by hand, in one place: the route entries, the
// queue of waiting events, a trace's records and the recipients' state words live in
// `SlotBuffer`s; the registry lives in an `InPlace` cell. Nothing outside
// this file allocates, frees or reinterprets memory (see ARCHITECTURE.md, "Unsafe code").

/// A block of `capacity` slots of `Element`, allocated once and freed with the buffer, whose
/// owner decides which slots hold an element.
///
/// The buffer does not track which slots are initialized: its owner does (a count, a ring's
/// head and count), initializes a slot before reading it and deinitializes or moves out every
/// element before the buffer goes away. Every access goes through a method that names the
/// slot; debug builds check the slot is within `capacity`. Moving an element in or out never
/// copies or destroys it, so no app code (a deinit) runs inside a buffer operation.
struct SlotBuffer<Element>: ~Copyable {
    /// The number of slots.
    let capacity: Int
    private let base: UnsafeMutablePointer<Element>

    /// A buffer of `capacity` uninitialized slots; a buffer of no slots allocates nothing.
    init(capacity: Int) {
        precondition(capacity >= 0, "SlotBuffer capacity must not be negative")
        self.capacity = capacity
        // With no slots, an aligned address that is never read stands in for the block.
        base =
            capacity == 0
            ? UnsafeMutablePointer(bitPattern: MemoryLayout<Element>.alignment)!
            : .allocate(capacity: capacity)
    }

    /// A buffer of `capacity` slots, each initialized to `value`.
    init(capacity: Int, repeating value: Element) {
        self.init(capacity: capacity)
        base.initialize(repeating: value, count: capacity)
    }

    deinit {
        if capacity > 0 { base.deallocate() }
    }

    @inline(__always)
    private func checked(_ slot: Int) -> UnsafeMutablePointer<Element> {
        assert(slot >= 0 && slot < capacity, "slot \(slot) out of 0..<\(capacity)")
        return base + slot
    }

    /// The element in `slot`, read or changed in place.
    ///
    /// - Precondition: `slot` holds an element.
    @inline(__always)
    subscript(slot: Int) -> Element {
        unsafeAddress { UnsafePointer(checked(slot)) }
        nonmutating unsafeMutableAddress { checked(slot) }
    }

    /// Moves `value` into the empty `slot`.
    @inline(__always)
    func initialize(_ slot: Int, to value: consuming Element) {
        checked(slot).initialize(to: value)
    }

    /// Moves the element out of `slot`, leaving it empty.
    @inline(__always)
    func move(_ slot: Int) -> Element {
        checked(slot).move()
    }

    /// Writes the bytes of `value` into `slot`, over whatever the slot held, neither copying
    /// `value` nor destroying the slot's element: no app code runs.
    ///
    /// Sound only for a value whose copy is a copy of its bytes and whose destruction does
    /// nothing, when the slot is empty or holds such a value too (see `howLatestIsStored(_:isValueType:)`).
    @inline(__always)
    func overwriteBitwise(_ slot: Int, with value: borrowing Element) {
        let target = UnsafeMutableRawPointer(checked(slot))
        withUnsafePointer(to: value) {
            target.copyMemory(from: $0, byteCount: MemoryLayout<Element>.size)
        }
    }

    /// The address of `slot`, for the reads of an element's bytes in `Reinterpret.swift`.
    @inline(__always)
    func address(of slot: Int) -> UnsafeMutablePointer<Element> {
        checked(slot)
    }

    /// Destroys the elements of `slots`, leaving them empty.
    func deinitialize(_ slots: Range<Int>) {
        guard !slots.isEmpty else { return }
        _ = checked(slots.upperBound - 1)
        checked(slots.lowerBound).deinitialize(count: slots.count)
    }

    /// Moves the elements of `slots` to the slots starting at `target` (the ranges may
    /// overlap), leaving the slots they left empty.
    func moveElements(_ slots: Range<Int>, to target: Int) {
        guard !slots.isEmpty else { return }
        _ = checked(slots.upperBound - 1)
        _ = checked(target + slots.count - 1)
        checked(target).moveInitialize(from: checked(slots.lowerBound), count: slots.count)
    }

    /// A new buffer of `capacity` slots holding the elements of `slots`, in that order, from
    /// slot 0; the slots they left here are empty.
    func moving(_ slots: some Sequence<Int>, toCapacity capacity: Int) -> SlotBuffer {
        let moved = SlotBuffer(capacity: capacity)
        var target = 0
        for slot in slots {
            moved.initialize(target, to: move(slot))
            target += 1
        }
        return moved
    }

    /// The elements of slots `0..<count`, for a loop to read in place.
    ///
    /// The view is valid while the buffer is alive and those slots are unchanged: a pass
    /// holds it for its whole loop (see `RouteView`).
    @inline(__always)
    func elements(count: Int) -> SlotView<Element> {
        elements(from: 0, count: count)
    }

    /// The elements of slots `first..<first + count`, for a loop to read in place (indexed
    /// from 0), valid as ``elements(count:)``'s.
    @inline(__always)
    func elements(from first: Int, count: Int) -> SlotView<Element> {
        assert(
            first >= 0 && count >= 0 && first + count <= capacity,
            "slots \(first)..<\(first + count) out of 0...\(capacity)")
        return SlotView(base: UnsafePointer(base + first), count: count)
    }

    /// The address of `slot`, for a word that other threads reach through atomics.
    func atomicWord(_ slot: Int) -> AtomicWord where Element == Int32 {
        AtomicWord(address: checked(slot))
    }
}

/// Elements read in place from a ``SlotBuffer``, valid while its owner keeps the buffer and
/// those slots unchanged.
struct SlotView<Element> {
    private let base: UnsafePointer<Element>
    /// The number of elements.
    let count: Int

    @inline(__always)
    fileprivate init(base: UnsafePointer<Element>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The element at `index`, read in place.
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "index \(index) out of 0..<\(count)")
            return base + index
        }
    }
}

/// A word of a ``SlotBuffer`` that several threads reach, only through C11 atomics.
///
/// The buffer's owner keeps it alive for as long as any holder of this address (see
/// `StatePage`).
struct AtomicWord {
    /// The word; `UnretainedConsumer` copies it, to load the word on the delivery path.
    let address: UnsafeMutablePointer<Int32>

    fileprivate init(address: UnsafeMutablePointer<Int32>) {
        self.address = address
    }

    /// The word, loaded relaxed: a plain load on x86-64 and ARM64.
    @inline(__always)
    var relaxed: Int32 { eventbus_atomic_load_relaxed(address) }

    /// Sets `bits` in the word (from any thread), and returns the word as it was.
    @discardableResult
    func setBits(_ bits: Int32) -> Int32 {
        eventbus_atomic_fetch_or(address, bits)
    }

    /// Replaces the word with `desired` (from any thread) if it still is `expected`, and
    /// returns whether it did; otherwise `expected` becomes the word as it is.
    func replace(_ expected: inout Int32, with desired: Int32) -> Bool {
        eventbus_atomic_compare_exchange(address, &expected, desired)
    }
}

/// One value kept in memory its owner allocates, read and changed in place with no run-time
/// exclusivity check.
///
/// Swift checks each access to a class's stored `var` at run time (about 75 instructions)
/// unless it can prove that no two accesses overlap; an access overlaps another only through
/// a call Swift cannot see into, such as a release that runs a deinit. A value in an
/// `InPlace` cell is not checked, so its owner must keep that promise itself: an access to
/// ``value`` never spans a call into the app's code (see ARCHITECTURE.md, "Invariants").
struct InPlace<Value>: ~Copyable {
    private let cell: SlotBuffer<Value>

    /// A cell holding `value`.
    init(_ value: consuming Value) {
        cell = SlotBuffer(capacity: 1)
        cell.initialize(0, to: value)
    }

    deinit {
        cell.deinitialize(0..<1)
    }

    /// The value, read or changed in place.
    @inline(__always)
    var value: Value {
        unsafeAddress { UnsafePointer(cell.address) }
        nonmutating unsafeMutableAddress { cell.address }
    }
}

extension SlotBuffer {
    /// The first slot's address, for ``InPlace``.
    @inline(__always)
    fileprivate var address: UnsafeMutablePointer<Element> { base }
}

/// A `Header` and one word that several threads reach, in a single allocation: the header read
/// and changed in place through ``fields``, the word only through ``word``'s atomics.
///
/// Its owner orders every access to the header (``NextWaiter``: by the word) and keeps the
/// object for as long as either address is used. The word starts at 0; an `Int32` needs no
/// deinitializing, and `ManagedBuffer` destroys the header with the object.
final class HeaderAndWord<Header>: ManagedBuffer<Header, Int32> {
    /// A new object holding `header`, its word 0.
    static func make(_ header: Header) -> HeaderAndWord {
        let made = unsafeDowncast(
            create(minimumCapacity: 1) { _ in header }, to: HeaderAndWord.self)
        made.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
        return made
    }

    /// The header's address, valid while the object lives.
    @inline(__always)
    var fields: UnsafeMutablePointer<Header> { withUnsafeMutablePointerToHeader { $0 } }

    /// The word, valid while the object lives.
    @inline(__always)
    var word: AtomicWord { withUnsafeMutablePointerToElements { AtomicWord(address: $0) } }
}
