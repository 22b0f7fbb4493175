import EventBusKit
import Foundation

// The scenarios of what the buses people know also do (CONTRACT §10): sticky events, priority,
// replay of the latest values to a new recipient, and awaiting the next event.

// MARK: Sticky events

/// `fanOut` consumers of one struct event, sticky (`StickyPing`) against the same shape not
/// sticky (`Ping`): the price of storing the latest value when each pass begins. `StickyPing`
/// is copied bitwise; the `class` cases dispatch one instance of a sticky class again and
/// again (`StickyClassPing` against `ClassPing`), the store that retains the new value and
/// releases the one it replaces; the `String` cases a struct holding a shared heap `String`
/// (`StickyLabel` against `Label`), copied and swapped in.
func sticky(_ fanOut: Int) -> Scenario {
    Scenario(
        key: "sticky-\(fanOut)",
        title: "A sticky event, \(fanOut) matching: `StickyPing` against `Ping`, "
            + "`StickyClassPing` against `ClassPing`, `StickyLabel` against `Label`",
        unit: "delivery",
        cases: [
            directPings(units: fanOut) { (0..<fanOut).map { _ in CountingConsumer() } },
            dispatchedPings("EventBusKit `register`, plain", units: fanOut) {
                bus(registering: fanOut) { CountingConsumer() }
            },
            Case(name: "EventBusKit `register`", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([StickyPing.self]) }
                return .sync { n in for i in 0..<n { bus.dispatch(StickyPing(value: i)) } }
            },
            Case(name: "EventBusKit `register`, class, plain", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([ClassPing.self]) }
                let event = ClassPing(value: 1)
                return .sync { n in for _ in 0..<n { bus.dispatch(event) } }
            },
            Case(name: "EventBusKit `register`, class", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([StickyClassPing.self]) }
                let event = StickyClassPing(value: 1)
                return .sync { n in for _ in 0..<n { bus.dispatch(event) } }
            },
            Case(name: "EventBusKit `register`, String, plain", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([Label.self]) }
                let text = labelText()
                return .sync { n in for _ in 0..<n { bus.dispatch(Label(text: text)) } }
            },
            Case(name: "EventBusKit `register`, String", unitsPerIteration: fanOut) {
                let bus = bus(registering: fanOut) { CountingConsumer([StickyLabel.self]) }
                let text = labelText()
                return .sync { n in for _ in 0..<n { bus.dispatch(StickyLabel(text: text)) } }
            },
        ])
}

// MARK: Priority

/// Ten consumers of one struct event, all of priority 0 against ten distinct priorities
/// registered out of order (0, 3, 6, 9, 2, 5, 8, 1, 4, 7: called 9, 8, …, 0).
func priorities() -> Scenario {
    Scenario(
        key: "priorities-10", title: "Priorities, fan-out 10: ten distinct against all equal",
        unit: "delivery",
        cases: [
            directPings(units: 10) { (0..<10).map { _ in CountingConsumer() } },
            dispatchedPings("EventBusKit `register`, equal", units: 10) {
                let bus = EventBus()
                for _ in 0..<10 { bus.register(PriorityConsumer(priority: 0)) }
                return bus
            },
            dispatchedPings("EventBusKit `register`, mixed", units: 10) {
                let bus = EventBus()
                for index in 0..<10 { bus.register(PriorityConsumer(priority: index * 3 % 10)) }
                return bus
            },
        ])
}

// MARK: Replay

/// One new consumer that lists `types` sticky types registered on a bus that stores a value
/// of each, then deregistered: its `types` replays (a unit is one replayed delivery) against
/// the same consumer not asking for them (the registration alone, over as many units).
func replay(types: Int) -> Scenario {
    func stickyBus() -> (EventBus, [any Event.Type]) {
        let bus = EventBus()
        let stickyTypes = (0..<types).map { generatedStickyEventType($0) }
        for type in stickyTypes { bus.dispatch(type.init()) }  // stored; no one listens
        return (bus, stickyTypes.map { $0 })
    }
    func registering(_ name: String, replays: Bool) -> Case {
        Case(name: name, unitsPerIteration: types) {
            let (bus, stickyTypes) = stickyBus()
            let consumer = ReplayingConsumer(stickyTypes, replaysLatest: replays)
            return .sync { n in
                for _ in 0..<n {
                    bus.register(consumer)
                    bus.deregister(consumer)
                }
            }
        }
    }
    return Scenario(
        key: "replay-\(types)",
        title: "Replay of \(types) sticky types to one new consumer, registered and deregistered",
        unit: "replayed delivery",
        cases: [
            Case(name: "direct", unitsPerIteration: types) {
                let events = (0..<types).map { generatedStickyEventType($0).init() }
                let consumers: [any EventConsumer] = [
                    ReplayingConsumer(events.map { type(of: $0) }, replaysLatest: true)
                ]
                return .sync { n in
                    for _ in 0..<n { for event in events { deliverDirectly(event, to: consumers) } }
                }
            },
            registering("EventBusKit `register`, no replay", replays: false),
            registering("EventBusKit `register`", replays: true),
        ])
}

// MARK: Awaiting the next event

/// A round trip on the bus's actor: the loop starts a task that will deliver a `Ping`, then
/// awaits it, and the task runs once the loop is suspended. EventBusKit awaits
/// `bus.next(Ping.self)` and the task dispatches; `direct` awaits a continuation that the
/// task resumes by hand.
///
/// The actor runs its jobs on the benchmark's own thread (``InlineExecutor``), so a round trip
/// costs what the tasks, the continuation and the bus do, not the wake-ups of another thread.
func nextRoundTrip() -> Scenario {
    Scenario(
        key: "next", title: "Awaiting the next event: one round trip on the bus's actor",
        unit: "round trip",
        cases: [
            Case(name: "direct (a continuation)", unitsPerIteration: 1) {
                let trips = RoundTrips()
                return .sync { n in trips.run(n, viaBus: false) }
            },
            Case(name: "EventBusKit", unitsPerIteration: 1) {
                let trips = RoundTrips()
                return .sync { n in trips.run(n, viaBus: true) }
            },
        ])
}

/// The bus's actor in the `next` scenario, whose jobs run on the thread that calls `run`.
actor RoundTrips {
    private nonisolated let executor = InlineExecutor()
    private let bus = EventBus()
    /// The `direct` floor's waiting loop, resumed by the task.
    private var continuation: CheckedContinuation<Ping, Never>?

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Runs `n` round trips on the actor and returns when they are done.
    nonisolated func run(_ n: Int, viaBus: Bool) {
        inlineTask(executor) { await self.roundTrips(n, viaBus: viaBus) }
        executor.runUntilFinished()
    }

    /// Each round trip starts a task that will deliver the value, then waits: the task runs
    /// on the actor once the loop is suspended, and resumes it.
    private func roundTrips(_ n: Int, viaBus: Bool) async {
        for i in 0..<n {
            if viaBus {
                inlineTask(executor) { await self.dispatch(i) }
                _ = try? await bus.next(Ping.self)
            } else {
                inlineTask(executor) { await self.resume(i) }
                _ = await withCheckedContinuation { continuation = $0 }
            }
        }
        executor.finish()
    }

    private func dispatch(_ value: Int) {
        bus.dispatch(Ping(value: value))
    }

    private func resume(_ value: Int) {
        continuation!.resume(returning: Ping(value: value))
        continuation = nil
    }
}

/// A `next` cancelled while it waits, on the bus's actor, with 100 other recipients: the loop
/// starts a task that awaits `bus.next(Ping.self)`, lets it run until it waits, cancels it and
/// awaits its end; what the bus does for the cancelled wait's recipient (its removal, and any
/// drain the cancellation asks for) is inside the unit.
func nextCancelled() -> Scenario {
    Scenario(
        key: "next-cancelled", title: "A `next` cancelled while it waits (100 other recipients)",
        unit: "wait", allocationsPerUnit: true,
        cases: [
            Case(name: "EventBusKit", unitsPerIteration: 1) {
                let waits = CancelledWaits()
                return .sync { n in waits.run(n) }
            }
        ])
}

/// The bus's actor in the `next-cancelled` scenario, whose jobs run on the thread that calls
/// `run`.
actor CancelledWaits {
    private nonisolated let executor = InlineExecutor()
    private let bus = warmChurnBus()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Cancels `n` waits on the actor and returns when they are done.
    nonisolated func run(_ n: Int) {
        inlineTask(executor) { await self.cancelledWaits(n) }
        executor.runUntilFinished()
    }

    /// Each wait is a task that runs until it waits (the loop yields to it), then is
    /// cancelled and awaited.
    private func cancelledWaits(_ n: Int) async {
        for _ in 0..<n {
            let waiting = inlineTask(executor) { await self.waitForNext() }
            await Task.yield()
            waiting.cancel()
            await waiting.value
        }
        executor.finish()
    }

    private func waitForNext() async {
        _ = try? await bus.next(Ping.self)
    }
}

/// Starts `operation` as a task whose jobs run on `executor` from its first, and returns it: a
/// task made with `Task { }` starts on the global executor and hops, which wakes another thread.
@discardableResult
func inlineTask(
    _ executor: InlineExecutor, _ operation: sending @escaping @isolated(any) () async -> Void
) -> Task<Void, Never> {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        Task(executorPreference: executor, operation: operation)
    } else {
        Task(operation: operation)
    }
}

/// An executor whose jobs run, first in first out, on the thread that calls
/// `runUntilFinished()`: no other thread is woken, and callgrind sees every instruction.
final class InlineExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Called by the last job: `runUntilFinished()` returns once it ends.
    func finish() {
        condition.lock()
        finished = true
        condition.unlock()
    }

    /// Runs jobs as they come until a job calls `finish()`.
    func runUntilFinished() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if finished {
                finished = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
                job.runSynchronously(
                    isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
            } else {
                job.runSynchronously(on: asUnownedSerialExecutor())
            }
        }
    }
}

// MARK: Fixtures

/// A sticky struct event of `Ping`'s shape.
struct StickyPing: StickyEvent, Sendable { var value: Int }

/// A struct event holding a `String`.
struct Label: Event { var text: String }

/// A sticky struct event of `Label`'s shape.
struct StickyLabel: StickyEvent { var text: String }

/// A `String` long enough to live on the heap (its copies retain it), made at run time.
func labelText() -> String { String(repeating: "label ", count: Int.random(in: 4...4)) }

/// A sticky class event of `ClassPing`'s shape.
final class StickyClassPing: StickyEvent {
    let value: Int
    init(value: Int) { self.value = value }
}

/// A consumer of `Ping` with a priority; otherwise `CountingConsumer`'s work.
final class PriorityConsumer: EventConsumer {
    let priority: Int
    private(set) var count = 0

    init(priority: Int) { self.priority = priority }

    var willConsume: [any Event.Type] { [Ping.self] }

    func consume(_ event: any Event) { count &+= 1 }
}

/// A consumer of the listed types that asks for their latest values, or not.
final class ReplayingConsumer: EventConsumer {
    let willConsume: [any Event.Type]
    let replaysLatest: Bool
    private(set) var count = 0

    init(_ willConsume: [any Event.Type], replaysLatest: Bool) {
        self.willConsume = willConsume
        self.replaysLatest = replaysLatest
    }

    func consume(_ event: any Event) { count &+= 1 }
}

/// A sticky event type made by `generatedStickyEventType`.
protocol GeneratedStickyEvent: StickyEvent { init() }

/// A binary digit in a generated sticky event type's name.
struct StickyZero<Rest>: GeneratedStickyEvent {}
/// A binary digit in a generated sticky event type's name.
struct StickyOne<Rest>: GeneratedStickyEvent {}

/// A distinct sticky event type for each `number` below 64, spelled in binary as
/// `generatedEventType` spells its types.
func generatedStickyEventType(_ number: Int) -> any GeneratedStickyEvent.Type {
    func wrap<Rest>(_: Rest.Type, remaining: Int, number: Int) -> any GeneratedStickyEvent.Type {
        if remaining == 0 { return StickyZero<Rest>.self }
        if number & 1 == 0 {
            return wrap(StickyZero<Rest>.self, remaining: remaining - 1, number: number >> 1)
        }
        return wrap(StickyOne<Rest>.self, remaining: remaining - 1, number: number >> 1)
    }
    return wrap(Void.self, remaining: 6, number: number)
}
