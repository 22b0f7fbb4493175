import CEventBusAtomics

// Every reinterpreting cast EventBusKit makes, in one place.
//
// The identity conversion is guaranteed by the language. The others rely on how today's
// Swift ABI lays out existentials and passes arguments (verified on Linux x86-64 and on
// arm64 by the test suite); compiled with `-D EVENTBUSKIT_PORTABLE`, each is replaced by a
// fallback that the language guarantees, and CI runs the whole test suite in both modes.
// (One more such trick, reading an event's class from its existential, is
// `RouteTable.objectTypeKey(_:)`, next to the look-up it serves.)

/// `value` as a `To`, which it is: `From` and `To` are the same type.
///
/// Pass a value of a concrete or generic type, never an existential: Swift opens an
/// existential argument, so `From` would be the value's dynamic type.
///
/// - Precondition: `From.self == To.self` (checked in debug builds).
@inlinable
@inline(__always)
func identityConversion<From, To>(_ value: From, to type: To.Type) -> To {
    assert(From.self == To.self, "identityConversion between \(From.self) and \(To.self)")
    // Sound: the types are identical, so the layouts are.
    return unsafeBitCast(value, to: To.self)
}

/// A closure of `T` in a struct, so that casting it does not rewrap it (see
/// ``borrowingHandler(_:)``).
private struct Handler<Argument> {
    let call: (Argument) throws -> Void
}

/// A predicate of `T` in a struct, for ``borrowingPredicate(_:)`` as ``Handler`` is for
/// ``borrowingHandler(_:)``.
private struct Predicate<Argument> {
    let call: (Argument) -> Bool
}

/// The address of `array`'s storage (0 for an empty array with none): the same for two
/// arrays exactly when they share storage, which, while either holds it, no other array can
/// be given. For an array of a type that is never bridged, reading it copies nothing.
@inline(__always)
func storageIdentity<Element>(of array: [Element]) -> UInt {
    array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

/// A reference that gives its object, retained, while the object lives, and `nil` once it has
/// begun to deinitialize: a `weak` reference's answer, without the side table a weak reference
/// gives its object for good (from then on every retain and release of the object takes the
/// runtime's slow path: a bus's, about 140 instructions a token's `cancel()`, CONTRACT §18).
///
/// Sound (the runtime's contract, with a portable fallback): the unowned reference keeps the
/// object's memory allocated (the runtime frees a deinitialized object's memory only when its
/// last unowned reference goes), so the runtime's try-retain may always read the object's
/// reference counts; it retains the object in one atomic step unless the object is
/// deinitializing, so the reference it returns keeps a living object alive, as a weak load's
/// does. In the portable mode, it is a weak reference.
struct LiveReference<Object: AnyObject> {
    #if EVENTBUSKIT_PORTABLE
        private weak var weakObject: Object?
    #else
        /// Keeps the object's memory (not its life).
        private unowned let keptMemory: Object
        /// The object's address, read with no reference counting.
        private let address: UnsafeMutableRawPointer
    #endif

    init(_ object: Object) {
        #if EVENTBUSKIT_PORTABLE
            weakObject = object
        #else
            keptMemory = object
            address = Unmanaged.passUnretained(object).toOpaque()
        #endif
    }

    /// The object, retained, unless it has begun to deinitialize. From any thread.
    var object: Object? {
        #if EVENTBUSKIT_PORTABLE
            return weakObject
        #else
            guard eventbus_try_retain(address) else { return nil }
            return Unmanaged<Object>.fromOpaque(address).takeRetainedValue()
        #endif
    }
}

/// Whether stand-ins may call a ``borrowingHandler(_:)``: `false` in the portable mode.
#if EVENTBUSKIT_PORTABLE
    let eventsMayBeBorrowed = false
#else
    let eventsMayBeBorrowed = true
#endif

/// `handler` as a closure that takes the existential of an event holding a `T` in place of
/// the `T`, so the value is borrowed from the existential rather than copied out (for a
/// class, a retain and a release per delivery; for a struct, a copy and a destroy). Call it
/// with an existential only while ``eventsMayBeBorrowed``; ``typedHandler(_:as:)`` turns it
/// back into `handler` (in both modes: a stand-in keeps its closure in this form). For `T`
/// = `any Event`, it is `handler` itself.
///
/// Sound (today's ABI) because a closure whose parameter type is a generic `T` takes its
/// argument by address, as a closure of `any Event` takes the existential's, and the caller
/// calls it only when the existential's buffer starts with a valid `T`: for a class `T`, the
/// existential holds one reference to an instance of `T` or of a subclass; for a value type,
/// the value is stored inline (``isStoredInline(_:)``). Both structs are the same generic
/// type, whose one field is a closure taking its argument by address, so they have one
/// layout, and the way back is the identity. The cast is inside the structs because a
/// closure handed to a generic function as itself would be rewrapped for the generic's
/// conventions (two thunks per call). The result is not optional for the same reason: a
/// closure in an `Optional` is rewrapped to call.
@inline(__always)
func borrowingHandler<T>(_ handler: @escaping (T) throws -> Void) -> (any Event) throws -> Void {
    unsafeBitCast(Handler(call: handler), to: Handler<any Event>.self).call
}

/// The closure ``borrowingHandler(_:)`` made of a closure of `T`, as that closure again.
///
/// - Precondition: `handler` came from ``borrowingHandler(_:)`` given a closure of `T`.
@inline(__always)
func typedHandler<T>(_ handler: @escaping (any Event) throws -> Void, as _: T.Type)
    -> (T) throws -> Void
{
    unsafeBitCast(Handler(call: handler), to: Handler<T>.self).call
}

/// `predicate` as a closure that takes the existential of an event holding a `T` in place of
/// the `T`, as ``borrowingHandler(_:)`` makes a handler, and sound for the same reasons: a
/// `where:` predicate is called on every event its subscription is offered, so it borrows the
/// value as its handler does. Call it with an existential only while
/// ``eventsMayBeBorrowed``; ``typedPredicate(_:as:)`` turns it back.
@inline(__always)
func borrowingPredicate<T>(_ predicate: @escaping (T) -> Bool) -> (any Event) -> Bool {
    unsafeBitCast(Predicate(call: predicate), to: Predicate<any Event>.self).call
}

/// The closure ``borrowingPredicate(_:)`` made of a predicate of `T`, as that predicate again.
///
/// - Precondition: `predicate` came from ``borrowingPredicate(_:)`` given a predicate of `T`.
@inline(__always)
func typedPredicate<T>(_ predicate: @escaping (any Event) -> Bool, as _: T.Type) -> (T) -> Bool {
    unsafeBitCast(Predicate(call: predicate), to: Predicate<T>.self).call
}

/// Whether the existential `event` stores its value in its own buffer (not in a box): then a
/// ``borrowingHandler(_:)`` may receive it. Always `false` in the portable mode.
@inline(never)
func isStoredInline(_ event: any Event) -> Bool {
    #if EVENTBUSKIT_PORTABLE
        return false
    #else
        return withUnsafePointer(to: event) { container in
            func open<E: Event>(_ value: E) -> Bool {
                withUnsafePointer(to: value) { UnsafeRawPointer($0) == UnsafeRawPointer(container) }
            }
            return open(event)
        }
    #endif
}

/// How a ``LatestSlot`` stores values of the type of `event`, a sticky event: by bytes when
/// copying the existential is a copy of its bytes and destroying it does nothing (a value of
/// a trivial type, `_isPOD`, stored in the existential's own buffer, so the container holds
/// no reference either); by object for a class (`isValueType` false); otherwise as a value.
/// Always `.value` in the portable mode.
func howLatestIsStored(_ event: any Event, isValueType: Bool) -> LatestSlot.Storing {
    #if EVENTBUSKIT_PORTABLE
        return .value
    #else
        guard isValueType else { return .object }
        func open<E: Event>(_: E) -> Bool { _isPOD(E.self) }
        return open(event) && isStoredInline(event) ? .bytes : .value
    #endif
}

/// ``howLatestIsStored(_:isValueType:)`` for values of type `E`, known before any is seen
/// (for ``ObservedEvent``, whose subscription lists `E`: a value type's events are `E`s, a
/// class's are instances of `E` or a subclass). The existential's own buffer holds a value
/// of at most three words, aligned to at most a word, whose bytes may be moved: a trivial
/// type's always may.
func howLatestIsStored<E: Event>(type: E.Type) -> LatestSlot.Storing {
    #if EVENTBUSKIT_PORTABLE
        return .value
    #else
        if E.self is AnyObject.Type { return .object }
        let fitsInline =
            MemoryLayout<E>.size <= 3 * MemoryLayout<Int>.size
            && MemoryLayout<E>.alignment <= MemoryLayout<Int>.alignment
        return _isPOD(E.self) && fitsInline ? .bytes : .value
    #endif
}

// A class event's existential, copied as `LatestSlot` copies it. Today's ABI: an existential
// holds a class instance as one reference in the first word of its buffer (as
// `RouteTable.objectTypeKey(_:)` reads it), and copying the existential is retaining that
// reference and copying the container's bytes.

/// Retains the class instance the existential `event` holds: the reference a bitwise copy of
/// `event` owns.
///
/// - Precondition: `event` holds a class instance.
@inline(__always)
func retainHeldObject(_ event: borrowing any Event) {
    _ = heldObject(event).retain()
}

/// The class instance the existential in `slot` of `slots` holds, taking over the reference
/// the slot owns: the slot's bytes must not be destroyed or read as an event again.
///
/// - Precondition: The slot holds an event that holds a class instance.
@inline(__always)
func takeHeldObject(in slots: borrowing SlotBuffer<any Event>, at slot: Int) -> AnyObject {
    let word = UnsafeRawPointer(slots.address(of: slot)).load(as: UnsafeRawPointer.self)
    return Unmanaged<AnyObject>.fromOpaque(word).takeRetainedValue()
}

@inline(__always)
private func heldObject(_ event: borrowing any Event) -> Unmanaged<AnyObject> {
    withUnsafePointer(to: event) {
        Unmanaged.fromOpaque(UnsafeRawPointer($0).load(as: UnsafeRawPointer.self))
    }
}
